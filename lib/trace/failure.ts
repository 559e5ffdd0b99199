/**
 * Why the last run failed, read from the log: the most specific message it recorded (the last
 * `wire.error` of the failed run, else the `run.failed` error) and what a person can do about it.
 */
import type { TraceEvent } from "./events";

/** What to check, most likely first. */
export type FailureAdvice = "network" | "baseUrl" | "key" | "model" | "rateLimit" | "overloaded" | "retry";

export interface FailureExplanation {
  /** The error as recorded, e.g. `getaddrinfo ENOTFOUND api.anthropic.com`. */
  reason: string;
  /** The HTTP status, when the provider answered with one. */
  status: number | null;
  advice: FailureAdvice[];
}

const NETWORK =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|getaddrinfo|fetch failed|socket hang up|connection error|network/i;
const KEY = /api[ _-]?key|x-api-key|unauthori[sz]ed|authentication|invalid.*key|permission/i;
const MODEL = /model/i;

/** The explanation of the last run, when it failed; null when it did not (or no run ended yet). */
export function explainFailure(events: readonly TraceEvent[]): FailureExplanation | null {
  let end = -1;
  for (let index = events.length - 1; index >= 0; index--) {
    const kind = events[index]!.kind;
    if (kind === "run.finished" || kind === "run.interrupted" || kind === "run.failed") {
      end = index;
      break;
    }
    if (kind === "run.started") return null;
  }
  const failed = events[end];
  if (!failed || failed.kind !== "run.failed") return null;
  let wire: Extract<TraceEvent, { kind: "wire.error" }> | null = null;
  for (let index = end - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.kind === "run.started") break;
    if (event.kind === "wire.error") {
      wire = event;
      break;
    }
  }
  const reason = wire && wire.message.trim() !== "" ? wire.message : failed.error || failed.reason;
  const status = wire?.status ?? null;
  return {
    reason,
    status,
    advice: adviseOn(`${reason}\n${failed.error}\n${wire?.body ?? ""}`, status, wire?.source),
  };
}

/** What to check for an error text and status, most likely first. */
export function adviseOn(
  text: string,
  status: number | null,
  source?: "http" | "transport" | "stream",
): FailureAdvice[] {
  if (status === 401 || status === 403) return ["key", "baseUrl"];
  if (status === 404) return MODEL.test(text) ? ["model", "baseUrl"] : ["baseUrl", "model"];
  if (status === 429) return ["rateLimit", "retry"];
  if (status === 529 || (status !== null && status >= 500)) return ["overloaded", "retry"];
  if (status === 400 && MODEL.test(text)) return ["model"];
  if (KEY.test(text)) return ["key", "baseUrl"];
  if (source === "transport" || NETWORK.test(text)) return ["network", "baseUrl", "key"];
  return ["retry", "key", "baseUrl", "network"];
}

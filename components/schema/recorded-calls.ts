import type { ValidationResult } from "@/lib/contract/schema";
import type { StageStatus, TraceEvent } from "@/lib/trace/events";

/** What the pipeline's `validate` stage said about a call when it ran: its last non-`running` status. */
export interface RecordedVerdict {
  /**
   * `none`: the call never reached `validate` (unknown tool, unparseable arguments, interrupted);
   * `client`: a captured client ran it, so no pipeline of Toolscope's validated it then.
   */
  status: Exclude<StageStatus, "running"> | "none" | "client";
  /** The stage's output summary: the errors, when there were any. */
  detail: string | null;
}

/** One recorded call of a tool, as the model sent it, with its verdict then. */
export interface RecordedCall {
  callId: string;
  turn: number;
  /** The seq of the `turn.completed` that holds the call. */
  seq: number;
  /** The parsed arguments, or `null` when the raw text did not parse. */
  arguments: unknown;
  rawArguments: string;
  then: RecordedVerdict;
}

/**
 * Every call of tool `toolName` in the log — the `toolCall` blocks of `turn.completed` events,
 * in log order — each with its `validate` stage verdict from the `tool.stage` events. Pure.
 */
export function collectRecordedCalls(events: readonly TraceEvent[], toolName: string): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const verdicts = new Map<string, RecordedVerdict>();
  let captured = false;
  for (const event of events) {
    if (event.kind === "request.assembled") captured = event.capture !== undefined;
    else if (event.kind === "turn.completed") {
      for (const block of event.unified.content) {
        if (block.type !== "toolCall" || block.name !== toolName) continue;
        calls.push({
          callId: block.id,
          turn: event.turn,
          seq: event.seq,
          arguments: block.arguments,
          rawArguments: block.rawArguments,
          then: { status: captured ? "client" : "none", detail: null },
        });
      }
    } else if (event.kind === "tool.stage" && event.stage === "validate" && event.status !== "running") {
      verdicts.set(event.callId, { status: event.status, detail: event.output ?? null });
    }
  }
  return calls.map((call) => ({ ...call, then: verdicts.get(call.callId) ?? call.then }));
}

/** An error `POST /api/schema/validate` reports, and one result of its batch form (docs/api.md). */
export type { ValidationError, ValidationResult } from "@/lib/contract/schema";

/** A call's verdict now: validated again, or not sendable because its arguments never parsed. */
export type CurrentVerdict = { status: "unparseable" } | ({ status: "checked" } & ValidationResult);

/** The calls whose arguments can be validated again (those that parsed), in order. */
export function selectValidatableCalls(calls: readonly RecordedCall[]): RecordedCall[] {
  return calls.filter((call) => call.arguments !== null);
}

/** A batch answer with the ids of the calls it answers, in the order they were sent. */
export interface RevalidationAnswer {
  callIds: readonly string[];
  results: readonly ValidationResult[];
}

/**
 * Pairs each call with its verdict now: `answer.results[i]` belongs to `answer.callIds[i]`, so an
 * answer to an older list of calls still lands on the right ones; calls whose arguments never
 * parsed are `unparseable`; a call the answer does not cover is left out of the map.
 */
export function pairCurrentVerdicts(
  calls: readonly RecordedCall[],
  answer: RevalidationAnswer,
): Map<string, CurrentVerdict> {
  const byId = new Map<string, ValidationResult>();
  answer.callIds.forEach((callId, index) => {
    const result = answer.results[index];
    if (result) byId.set(callId, result);
  });
  const verdicts = new Map<string, CurrentVerdict>();
  for (const call of calls) {
    if (call.arguments === null) verdicts.set(call.callId, { status: "unparseable" });
    else {
      const result = byId.get(call.callId);
      if (result) verdicts.set(call.callId, { status: "checked", ...result });
    }
  }
  return verdicts;
}

/**
 * Injected failures (docs/api.md, `Fault`): which faults hit an attempt, and what they do to its
 * bytes. A fault hits attempts of its `turn` (any turn when unset) until it has hit `times`
 * of them (default 1); counts live as long as the plan (one per run). `slow-first-byte` adds its
 * delay to whatever else hits; of the other kinds, the first that applies decides the attempt.
 * Pure apart from the counters.
 */
import "server-only";
import { assertNever } from "@/lib/protocol/unified";
import type { Fault } from "@/lib/trace/config";
import { serializeEvent, type SseEvent } from "./sse";
import type { OfflineWire } from "./wires";

/** What hits one attempt: a delay before the first byte, and at most one failure. */
export interface AttemptFaults {
  delayMs: number;
  failure: Fault | null;
}

export interface FaultPlan {
  /** The faults that hit this attempt of `turn`; each one counts it. */
  take(turn: number): AttemptFaults;
}

/** The HTTP status of an `http-status` fault: 500 unless it names one. */
export const DEFAULT_FAULT_STATUS = 500;

/** Creates the counters for `faults`. */
export function createFaultPlan(faults: readonly Fault[]): FaultPlan {
  const hits = faults.map(() => 0);
  return {
    take(turn) {
      let delayMs = 0;
      let failure: Fault | null = null;
      for (const [index, fault] of faults.entries()) {
        const applies =
          (fault.turn === undefined || fault.turn === turn) && hits[index]! < (fault.times ?? 1);
        if (!applies) continue;
        if (fault.kind === "slow-first-byte") delayMs += fault.delayMs ?? 0;
        else if (failure === null) failure = fault;
        else continue;
        hits[index]! += 1;
      }
      return { delayMs, failure };
    },
  };
}

/**
 * The event a stream fault strikes: `afterEvents` (clamped to the stream), or by default the
 * middle piece of the first tool call's arguments — so a cut lands inside a tool call — or the
 * middle event when no tool is called.
 */
export function chooseFaultIndex(events: readonly SseEvent[], fault: Fault, wire: OfflineWire): number {
  if (fault.afterEvents !== undefined) return Math.min(fault.afterEvents, events.length - 1);
  const pieces = events.flatMap((event, index) => (wire.isArgumentDelta(event) ? [index] : []));
  return pieces[Math.floor(pieces.length / 2)] ?? Math.floor(events.length / 2);
}

/** The first half of `text` (at least one character). */
function halve(text: string): string {
  return text.slice(0, Math.max(1, Math.floor(text.length / 2)));
}

/**
 * The chunks of a stream attempt, one event each, with a stream fault applied: `cut-stream` sends
 * the events before the struck one, then that one up to the middle of its data, and ends there;
 * `overloaded` sends the events before it, then the format's mid-stream error event, and ends;
 * `garbled-json` sends the events before it, then the struck event with half its data (not
 * JSON), and ends. Other kinds leave the stream whole.
 */
export function planStreamChunks(
  events: readonly SseEvent[],
  failure: Fault | null,
  wire: OfflineWire,
): string[] {
  const whole = events.map(serializeEvent);
  if (failure === null || events.length === 0) return whole;
  const index = chooseFaultIndex(events, failure, wire);
  const struck = events[index]!;
  const before = whole.slice(0, index);
  switch (failure.kind) {
    case "cut-stream": {
      const chunk = serializeEvent(struck);
      const dataStart = chunk.indexOf("data: ") + "data: ".length;
      return [...before, chunk.slice(0, dataStart + halve(struck.data).length)];
    }
    case "overloaded":
      return [...before, serializeEvent(wire.overloadedEvent(index))];
    case "garbled-json":
      return [...before, serializeEvent({ event: struck.event, data: halve(struck.data) })];
    case "http-status":
    case "slow-first-byte":
      return whole;
    default:
      return assertNever(failure.kind, "fault kind");
  }
}

/** The error message of an `http-status` fault, saying it was injected. */
function describeFaultStatus(status: number, retryAfter: number): string {
  const injected = "(a fault injected by the offline model)";
  if (status === 429) return `Rate limit reached ${injected}. Retry after ${retryAfter} s.`;
  if (status === 529) return `Overloaded ${injected}.`;
  if (status >= 500) return `Internal server error ${injected}.`;
  return `HTTP ${status} ${injected}.`;
}

/** The JSON error response of an `http-status` fault, in the format's shape, with `retry-after`. */
export function respondFaultStatus(fault: Fault, wire: OfflineWire, requestId: string): Response {
  const status = fault.status ?? DEFAULT_FAULT_STATUS;
  const retryAfter = fault.retryAfter ?? 0;
  const message = describeFaultStatus(status, retryAfter);
  return new Response(JSON.stringify(wire.errorBody(status, message)), {
    status,
    headers: {
      "content-type": "application/json",
      "retry-after": String(retryAfter),
      [wire.requestIdHeader]: requestId,
    },
  });
}

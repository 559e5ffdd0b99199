import { isRecord, parseJson } from "@/lib/protocol/json-value";
import type { TraceEvent } from "@/lib/trace/events";

/**
 * Merges newly received events into a log: one event per seq (the first one kept, since
 * events never change once appended), ordered by seq. Returns `existing` itself when nothing
 * is new, so React Query keeps the same reference and nothing re-renders.
 */
export function mergeEvents(existing: readonly TraceEvent[], incoming: readonly TraceEvent[]): TraceEvent[] {
  const lastSeq = existing.at(-1)?.seq ?? -1;
  if (isStrictlyAscendingAfter(incoming, lastSeq)) {
    return incoming.length === 0 ? (existing as TraceEvent[]) : [...existing, ...incoming];
  }
  const bySeq = new Map<number, TraceEvent>();
  for (const event of existing) bySeq.set(event.seq, event);
  let added = false;
  for (const event of incoming) {
    if (bySeq.has(event.seq)) continue;
    bySeq.set(event.seq, event);
    added = true;
  }
  if (!added) return existing as TraceEvent[];
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

function isStrictlyAscendingAfter(events: readonly TraceEvent[], after: number): boolean {
  let previous = after;
  for (const event of events) {
    if (event.seq <= previous) return false;
    previous = event.seq;
  }
  return true;
}

/** Parses one SSE `data:` payload into an event, or `null` when it is not one. */
export function parseEventData(data: string): TraceEvent | null {
  const value = parseJson(data);
  return isRecord(value) && typeof value.seq === "number" && typeof value.kind === "string"
    ? (value as unknown as TraceEvent)
    : null;
}

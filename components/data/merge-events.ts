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
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== "object" || value === null) return null;
    const { seq, kind } = value as { seq?: unknown; kind?: unknown };
    return typeof seq === "number" && typeof kind === "string" ? (value as TraceEvent) : null;
  } catch {
    return null;
  }
}

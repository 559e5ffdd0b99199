/**
 * Where a session may be forked, and which transcript messages end at such a point. Pure, so
 * the browser ("Fork here") and the server (`POST /api/sessions/:id/fork`) share one rule.
 */
import type { TraceEvent } from "./events";
import { callIds, EMPTY_TRANSCRIPT, TranscriptBuilder } from "./transcript";

/**
 * The seqs a session may be forked at, ascending: every `user.message`; every `turn.completed`
 * whose assistant message makes no tool call; and the `tool.result` that answers the last
 * unanswered call of a turn's batch (a batch finished by synthetic results has none).
 */
export function listForkPoints(events: readonly TraceEvent[]): number[] {
  const points: number[] = [];
  const batchOf = new Map<string, { pending: Set<string> }>();
  for (const event of events) {
    if (event.kind === "user.message") points.push(event.seq);
    else if (event.kind === "turn.completed") {
      const ids = callIds(event.unified);
      if (ids.length === 0) points.push(event.seq);
      const batch = { pending: new Set(ids) };
      for (const id of ids) batchOf.set(id, batch);
    } else if (event.kind === "tool.result") {
      const batch = batchOf.get(event.callId);
      if (!batch?.pending.delete(event.callId)) continue;
      if (batch.pending.size === 0) points.push(event.seq);
    }
  }
  return points;
}

/**
 * The seq of the last event that shaped each transcript message, by message index: the event
 * that created it, or the latest that changed it (for a tool-results message, its last
 * `tool.result`; for results joined by later user text, that `user.message`).
 */
export function listMessageEndSeqs(events: readonly TraceEvent[]): number[] {
  // One fold in place, which keeps each message's last seq as it goes: diffing the views of an
  // immutable fold made a long session's open quadratic (~1/5 of a 100,000-event open's CPU).
  const builder = new TranscriptBuilder(EMPTY_TRANSCRIPT, { trackEnds: true });
  for (const event of events) builder.apply(event);
  return [...builder.endSeqs()];
}

/**
 * "Fork here" for each transcript message, by index: the seq to fork at when the message's
 * last event is a fork point, else null (a message still in progress, or one closed by
 * synthetic results or replaced by a fork's edits).
 */
export function mapMessageForkSeqs(events: readonly TraceEvent[]): (number | null)[] {
  const points = new Set(listForkPoints(events));
  return listMessageEndSeqs(events).map((seq) => (points.has(seq) ? seq : null));
}

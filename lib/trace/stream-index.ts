/**
 * Where each turn's wire events are in a log, so a jump of the stream panel reads one turn
 * instead of scanning the whole log three times (`listStreamTurns`, `selectStreamRows`,
 * `selectStreamFormat` — the definitions this index answers exactly as).
 */
import type { WireFormat } from "@/lib/protocol/unified";
import type { TraceEvent, WireEvent } from "./events";
import { formatOfFirstWireEvent } from "./stream-view";

interface TurnEntry {
  turn: number;
  /** The seq of the turn's first wire event (`Infinity` while it has none). */
  firstWireSeq: number;
  wire: WireEvent[];
  /** The format of the turn's first `request.assembled`, if any. */
  requestFormat: WireFormat | null;
}

export interface StreamIndex {
  /** The turns that have wire events as of `upTo` (inclusive), ascending. */
  turnsThrough(upTo: number): number[];
  /** A turn's wire events, in log order. */
  wireEvents(turn: number): readonly WireEvent[];
  /** A turn's wire format (as `selectStreamFormat`). */
  format(turn: number): WireFormat;
}

/**
 * An index kept up to date with a log that grows by appending: `update(events)` indexes only
 * what was appended since the last call, while the last event indexed is still the same object
 * at the same position; otherwise (a log replaced or merged out of order) it starts again.
 * Each update that indexed something returns a new `StreamIndex`.
 */
export function createStreamIndexer(): { update(events: readonly TraceEvent[]): StreamIndex } {
  let turns = new Map<number, TurnEntry>();
  let indexed = 0;
  let anchor: TraceEvent | undefined;
  let current = facade(turns);
  return {
    update(events) {
      if (indexed > events.length || (indexed > 0 && events[indexed - 1] !== anchor)) {
        turns = new Map();
        indexed = 0;
        current = facade(turns);
      }
      if (indexed === events.length) return current;
      for (; indexed < events.length; indexed++) addEvent(turns, events[indexed]!);
      anchor = events[indexed - 1];
      current = facade(turns);
      return current;
    },
  };
}

/** The index of a whole log at once. */
export function indexStreamTurns(events: readonly TraceEvent[]): StreamIndex {
  return createStreamIndexer().update(events);
}

function addEvent(turns: Map<number, TurnEntry>, event: TraceEvent): void {
  if (event.kind !== "wire.event" && event.kind !== "request.assembled") return;
  let entry = turns.get(event.turn);
  if (!entry) {
    entry = { turn: event.turn, firstWireSeq: Infinity, wire: [], requestFormat: null };
    turns.set(event.turn, entry);
  }
  if (event.kind === "request.assembled") entry.requestFormat ??= event.format;
  else {
    if (entry.wire.length === 0) entry.firstWireSeq = event.seq;
    entry.wire.push(event);
  }
}

function facade(turns: ReadonlyMap<number, TurnEntry>): StreamIndex {
  const withWire = [...turns.values()]
    .filter((entry) => entry.wire.length > 0)
    .sort((a, b) => a.turn - b.turn);
  return {
    turnsThrough: (upTo) => withWire.filter((entry) => entry.firstWireSeq <= upTo).map((entry) => entry.turn),
    wireEvents: (turn) => turns.get(turn)?.wire ?? [],
    format: (turn) => {
      const entry = turns.get(turn);
      return entry?.requestFormat ?? formatOfFirstWireEvent(entry?.wire[0]);
    },
  };
}

import { useCallback, useMemo, useState } from "react";
import { countEventsThrough } from "@/lib/trace/checkpoints";
import type { TraceEvent } from "@/lib/trace/events";
import { createStreamIndexer } from "@/lib/trace/stream-index";
import {
  createStreamScrubber,
  describeWireEvents,
  filterStreamRows,
  listRowTypes,
  type ScrubState,
  type StreamRow,
} from "@/lib/trace/stream-view";

/** What the stream panel and the scrubber show, and the handles that change it. */
export interface StreamView {
  turns: number[];
  /** The turn shown: the one picked, or the latest one with wire events up to the cursor. */
  turn: number | null;
  /** `null`: follow the latest turn. */
  pickTurn: (turn: number | null) => void;
  pickedTurn: number | null;
  /** The turn's rows up to the cursor, unfiltered. */
  rows: readonly StreamRow[];
  /** The rows the filter lets through. */
  visible: readonly StreamRow[];
  types: string[];
  hidden: ReadonlySet<string>;
  toggleType: (type: string) => void;
  /** The selected row's position, or the last row's while nothing is selected. */
  active: StreamRow | null;
  /** Whether the person picked a row (otherwise the selection follows the cursor). */
  pinned: boolean;
  select: (position: number | null) => void;
  /** The assembly state after the active row. */
  state: ScrubState | null;
}

/**
 * The stream panel's state: which turn, which types are hidden, which row is selected. The
 * rows and the assembly come from the log (`lib/trace/stream-view`); the scrubber keeps a
 * checkpoint every 32 rows, so moving the selection folds at most 31 events.
 */
export function useStreamView(events: readonly TraceEvent[], upTo: number): StreamView {
  const [pickedTurn, setPickedTurn] = useState<number | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [selection, setSelection] = useState<{ turn: number; position: number } | null>(null);

  const indexer = useMemo(() => createStreamIndexer(), []);
  const index = useMemo(() => indexer.update(events), [indexer, events]);
  const turns = useMemo(() => index.turnsThrough(upTo), [index, upTo]);
  const turn = pickedTurn !== null && turns.includes(pickedTurn) ? pickedTurn : (turns.at(-1) ?? null);
  const allRows = useMemo(
    () => (turn === null ? [] : describeWireEvents(index.wireEvents(turn))),
    [index, turn],
  );
  const format = useMemo(() => (turn === null ? "anthropic" : index.format(turn)), [index, turn]);
  const scrubber = useMemo(() => createStreamScrubber(allRows, { format }), [allRows, format]);
  const rows = useMemo(() => allRows.slice(0, countEventsThrough(allRows, upTo)), [allRows, upTo]);
  const visible = useMemo(() => filterStreamRows(rows, hidden), [rows, hidden]);
  const types = useMemo(() => listRowTypes(allRows), [allRows]);

  const pinned = selection !== null && selection.turn === turn && selection.position < rows.length;
  const active = pinned ? rows[selection.position]! : (rows.at(-1) ?? null);
  const state = useMemo(() => (active ? scrubber.stateAt(active.position) : null), [scrubber, active]);

  const toggleType = useCallback(
    (type: string) =>
      setHidden((old) => {
        const next = new Set(old);
        if (!next.delete(type)) next.add(type);
        return next;
      }),
    [],
  );
  const select = useCallback(
    (position: number | null) => setSelection(position === null || turn === null ? null : { turn, position }),
    [turn],
  );

  return {
    turns,
    turn,
    pickTurn: setPickedTurn,
    pickedTurn,
    rows,
    visible,
    types,
    hidden,
    toggleType,
    active,
    pinned,
    select,
    state,
  };
}

/**
 * The part of a long log the flow graph folds for a cursor: the runs that end near it. A
 * 100,000-event log has thousands of turns, and the canvas shows one or two of them at a
 * readable zoom; folding (and laying out) every turn before the first paint cost seconds.
 *
 * A window starts at a `run.started`: a run sets the fold's run state afresh, and what the fold
 * carries over from the runs before (the session's tools, the node the next turn links from) is
 * read from the log by a cheap scan and handed to the fold as its seed, so every turn inside the
 * window folds to the same nodes and edges as in the fold of the whole log.
 */
import type { ToolDefinition } from "../config";
import type { TraceEvent } from "../events";
import { graphIds } from "./types";

/** What the fold of a window starts from, beside its first event. */
export interface GraphWindowSeed {
  /** The session's tools as of the window's start (`session.created`, then `session.configured`). */
  tools: readonly ToolDefinition[];
  /** The node the window's first turn links from (the run end before it), or null. */
  link: string | null;
}

export interface GraphWindow {
  /** Index of the window's first event: 0 (the whole log), or a `run.started`. */
  start: number;
  /** Null when the window is the whole log (the fold starts from its own initial state). */
  seed: GraphWindowSeed | null;
}

/** At least this many events before the cursor are folded (when the log has more). */
export const GRAPH_WINDOW_EVENTS = 1024;

const WHOLE: GraphWindow = { start: 0, seed: null };

/**
 * The window for the first `count` events. Logs up to twice `size` events are folded whole. The
 * start moves in steps of `size` events (then on to the next run's start), so the cursors of one
 * step share a window and its fold; a window holds from `size` to about twice `size` events
 * before the cursor. A log whose runs cannot be cut cleanly (no run starts there, or a run before
 * the cut has no end) is folded whole, as before.
 */
export function chooseGraphWindow(
  events: readonly TraceEvent[],
  count: number,
  size = GRAPH_WINDOW_EVENTS,
): GraphWindow {
  const end = Math.min(count, events.length);
  if (end <= 2 * size) return WHOLE;
  const step = Math.floor((end - size) / size) * size;
  const start = findRunStart(events, step, end) ?? findRunStartBefore(events, step);
  if (start === undefined || start === 0) return WHOLE;
  const link = findLinkBefore(events, start);
  if (link === undefined) return WHOLE;
  return { start, seed: { tools: findToolsBefore(events, start), link } };
}

function findRunStart(events: readonly TraceEvent[], from: number, end: number): number | undefined {
  for (let index = from; index < end; index++) if (events[index]!.kind === "run.started") return index;
  return undefined;
}

function findRunStartBefore(events: readonly TraceEvent[], before: number): number | undefined {
  for (let index = before - 1; index > 0; index--) if (events[index]!.kind === "run.started") return index;
  return undefined;
}

const isRunEnd = (event: TraceEvent) =>
  event.kind === "run.finished" || event.kind === "run.interrupted" || event.kind === "run.failed";
const opensTurn = (event: TraceEvent) => event.kind === "user.message" || event.kind === "request.assembled";

/**
 * The fold's `link` just before `start`: the end node of the last run that opened a turn, when
 * that run ended; null when no turn was opened before. A turn opened after the last run end (a
 * run that never ended) links from that turn's exit instead, which only its fold knows:
 * undefined, and the caller folds the whole log.
 */
function findLinkBefore(events: readonly TraceEvent[], start: number): string | null | undefined {
  let index = start - 1;
  while (index >= 0) {
    // Walk back to the previous run end; a turn opened after it leaves no link to read.
    while (index >= 0 && !isRunEnd(events[index]!)) {
      if (opensTurn(events[index]!)) return undefined;
      index--;
    }
    if (index < 0) return null;
    const end = events[index]!;
    if (!isRunEnd(end) || !("runId" in end)) return undefined;
    // Did that run open a turn? Its events back to its own start say so.
    let opened = false;
    let cursor = index - 1;
    for (; cursor >= 0; cursor--) {
      const event = events[cursor]!;
      if (event.kind === "run.started") break;
      if (isRunEnd(event)) return undefined;
      if (opensTurn(event)) opened = true;
    }
    if (opened) return graphIds.runEnd(end.runId);
    // A run that opened nothing left the link as it was: read the one before it.
    index = cursor - 1;
  }
  return null;
}

function findToolsBefore(events: readonly TraceEvent[], start: number): readonly ToolDefinition[] {
  for (let index = start - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.kind === "session.created") return event.config.tools;
    if (event.kind === "session.configured" && event.changes.tools) return event.changes.tools.after;
  }
  return [];
}

/**
 * Projects any prefix of a growing log cheaply: the fold's state is kept every `interval` events
 * (a checkpoint) and at the last prefix asked for, so scrubbing folds at most `interval` events
 * and a live append folds only the new ones. A checkpoint is trusted only while the log still
 * holds the very event object it was folded up to; otherwise it and those after it are dropped.
 */
import { countEventsThrough } from "../checkpoints";
import type { TraceEvent } from "../events";
import type { RunGraphState } from "./graph-state";
import type { GraphWindowSeed } from "./graph-window";
import {
  createRunGraphState,
  foldRunGraphRange,
  readRunGraph,
  type RunGraphOptions,
} from "./reduce-run-graph";
import type { RunGraph } from "./types";

interface Checkpoint {
  /** How many events of the log are folded in. */
  count: number;
  /** The last event folded in (null for the empty prefix). */
  last: TraceEvent | null;
  state: RunGraphState;
}

export interface RunGraphProjector {
  /** The graph as of event `upTo` (inclusive; default: the whole log). Same result as `projectRunGraph`. */
  project(events: readonly TraceEvent[], upTo?: number): RunGraph;
  /** The fold state as of event `upTo`, for callers that keep their own views of it. */
  projectState(events: readonly TraceEvent[], upTo?: number): RunGraphState;
}

/**
 * Creates a projector with its own checkpoints; one per session view (or per window of a long
 * log, folded from its `seed`: lib/trace/graph/graph-window.ts). `options` as `projectRunGraph`'s.
 */
export function createRunGraphProjector(
  interval = 256,
  options: RunGraphOptions = {},
  seed: GraphWindowSeed | null = null,
): RunGraphProjector {
  const checkpoints: Checkpoint[] = [{ count: 0, last: null, state: createRunGraphState(options, seed) }];
  let tip: Checkpoint = checkpoints[0]!;
  let cached: { state: RunGraphState; graph: RunGraph } | null = null;

  const isValid = (events: readonly TraceEvent[], point: Checkpoint) =>
    point.count === 0 || events[point.count - 1] === point.last;

  const projectState = (events: readonly TraceEvent[], upTo = Infinity): RunGraphState => {
    const target = countEventsThrough(events, upTo);
    const firstInvalid = checkpoints.findIndex((point) => !isValid(events, point));
    if (firstInvalid > 0) checkpoints.length = firstInvalid;
    let start = checkpoints[0]!;
    for (const point of checkpoints) if (point.count <= target) start = point;
    if (isValid(events, tip) && tip.count <= target && tip.count > start.count) start = tip;
    let state = start.state;
    for (let index = start.count; index < target;) {
      const end = Math.min(target, (Math.floor(index / interval) + 1) * interval);
      state = foldRunGraphRange(state, events, index, end);
      index = end;
      if (end % interval === 0 && end > checkpoints.at(-1)!.count)
        checkpoints.push({ count: end, last: events[end - 1]!, state });
    }
    tip = { count: target, last: target === 0 ? null : events[target - 1]!, state };
    return state;
  };

  return {
    projectState,
    project(events, upTo) {
      const state = projectState(events, upTo);
      if (cached?.state !== state) cached = { state, graph: readRunGraph(state) };
      return cached.graph;
    },
  };
}

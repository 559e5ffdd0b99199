/**
 * The flow graph of a cursor in a log of any length: the window of runs that end at the cursor
 * (lib/trace/graph/graph-window.ts), each window folded by its own checkpointed projector, kept
 * for the last few windows visited, so a jump back to a place seen before folds nothing again.
 */
import { countEventsThrough } from "../checkpoints";
import type { TraceEvent } from "../events";
import { chooseGraphWindow, GRAPH_WINDOW_EVENTS } from "./graph-window";
import { createRunGraphProjector, type RunGraphProjector } from "./projector";
import type { RunGraphOptions } from "./reduce-run-graph";
import type { RunGraph } from "./types";

export interface WindowedGraph {
  graph: RunGraph;
  /** How many events of the log come before the window (0: the graph holds every turn). */
  skipped: number;
}

export interface WindowProjectorOptions extends RunGraphOptions {
  /** The window's least size in events (`chooseGraphWindow`'s `size`). */
  size?: number;
  /** How many windows' projectors are kept (the least recently used goes first). */
  keep?: number;
}

export interface WindowProjector {
  /** The graph of the window as of event `upTo` (inclusive; default: the whole log). */
  project(events: readonly TraceEvent[], upTo?: number): WindowedGraph;
}

/** Creates a projector of windows; one per session view. */
export function createWindowProjector(options: WindowProjectorOptions = {}): WindowProjector {
  const { size = GRAPH_WINDOW_EVENTS, keep = 4, ...graphOptions } = options;
  const whole = createRunGraphProjector(256, graphOptions);
  /** By the window's first event (an object the log keeps while it grows), oldest use first. */
  const windows = new Map<TraceEvent, RunGraphProjector>();
  const results = new WeakMap<RunGraph, WindowedGraph>();

  const wrap = (graph: RunGraph, skipped: number): WindowedGraph => {
    let result = results.get(graph);
    if (result?.skipped !== skipped) {
      result = { graph, skipped };
      results.set(graph, result);
    }
    return result;
  };

  return {
    project(events, upTo = Infinity) {
      const count = countEventsThrough(events, upTo);
      const window = chooseGraphWindow(events, count, size);
      if (window.seed === null) return wrap(whole.project(events, upTo), 0);
      const first = events[window.start]!;
      let projector = windows.get(first);
      if (projector) windows.delete(first);
      else projector = createRunGraphProjector(256, graphOptions, window.seed);
      windows.set(first, projector);
      for (const oldest of windows.keys()) {
        if (windows.size <= keep) break;
        windows.delete(oldest);
      }
      return wrap(projector.project(events.slice(window.start, count)), window.start);
    },
  };
}

/**
 * The check both window tests make: at each cursor, the windowed graph equals the whole fold's
 * (a short log), or holds exactly the whole fold's nodes of its turns and its edges into them.
 * Test-only.
 */
import { expect } from "vitest";
import type { TraceEvent } from "../../events";
import { createRunGraphProjector } from "../projector";
import type { RunGraph } from "../types";
import type { WindowProjector } from "../window-projector";

/** The whole fold's nodes of the window's turns, and its edges into them. */
function restrictTo(full: RunGraph, window: RunGraph): RunGraph {
  const firstTurn = window.nodes[0]!.turn;
  const nodes = full.nodes.filter((node) => node.turn >= firstTurn);
  const ids = new Set(nodes.map((node) => node.id));
  return { nodes, edges: full.edges.filter((edge) => ids.has(edge.target)) };
}

/** Checks `windows` against the whole fold with the first `count` events of `events`, for each count; returns how many were windowed. */
export function expectWindowsAgree(
  events: readonly TraceEvent[],
  windows: WindowProjector,
  counts: Iterable<number>,
): number {
  const whole = createRunGraphProjector();
  let windowed = 0;
  for (const count of counts) {
    const upTo = events[count - 1]!.seq;
    const { graph, skipped } = windows.project(events, upTo);
    const full = whole.project(events, upTo);
    if (skipped === 0) {
      expect(graph).toEqual(full);
      continue;
    }
    windowed++;
    expect(graph.nodes.length).toBeGreaterThan(0);
    expect(graph).toEqual(restrictTo(full, graph));
  }
  return windowed;
}

/** `from`, `from + step`, … up to `to`. */
export function* counting(from: number, to: number, step = 1): Generator<number> {
  for (let count = from; count <= to; count += step) yield count;
}

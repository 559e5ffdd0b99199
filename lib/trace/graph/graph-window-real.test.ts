import { describe, expect, it } from "vitest";
import { growEvents, recordRealSession } from "@/bench/long-session";
import type { TraceEvent } from "../events";
import { createRunGraphProjector } from "./projector";
import type { RunGraph } from "./types";
import { createWindowProjector } from "./window-projector";

/** The whole fold's nodes of the window's turns, and its edges into them. */
function restrictTo(full: RunGraph, window: RunGraph): RunGraph {
  const firstTurn = window.nodes[0]!.turn;
  const nodes = full.nodes.filter((node) => node.turn >= firstTurn);
  const ids = new Set(nodes.map((node) => node.id));
  return { nodes, edges: full.edges.filter((edge) => ids.has(edge.target)) };
}

describe("the graph's windows on the bench's real log (9 offline-model runs grown to 6,000 events)", () => {
  it("give every turn they hold the whole fold's nodes and edges, at 150 cursors", async () => {
    const events: TraceEvent[] = growEvents((await recordRealSession()).events, 6_000);
    const windows = createWindowProjector();
    const whole = createRunGraphProjector();
    let windowed = 0;
    for (let count = 40; count <= events.length; count += 40) {
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
    expect(windowed).toBeGreaterThan(90);
  }, 120_000);
});

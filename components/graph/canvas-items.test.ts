import { describe, expect, it } from "vitest";
import { layoutGraph } from "@/lib/trace/graph/layout";
import { projectRunGraph } from "@/lib/trace/graph/reduce-run-graph";
import { completed, requested } from "@/lib/trace/graph/testing/graph-log";
import { buildLog } from "@/lib/trace/testing/build-log";
import type { NewEvent } from "@/lib/trace/events";
import { createCanvasItems } from "./canvas-items";

/** A run of `turns` turns, each with one call. */
function run(turns: number): NewEvent[] {
  return Array.from({ length: turns }, (_, index) => [
    { kind: "user.message" as const, turn: index + 1, text: `message ${index + 1}` },
    requested(index + 1),
    completed(index + 1, null, [{ id: `c${index + 1}`, name: "read_file" }]),
  ]).flat();
}

describe("createCanvasItems", () => {
  const graph = projectRunGraph(buildLog(run(40)));
  const layout = layoutGraph(graph.nodes, graph.edges);
  const label = () => "edge";

  it("hands the canvas only the window's turns, and only edges between what it shows", () => {
    const items = createCanvasItems()(layout, [10, 11], label);
    const ids = items.nodes.map((node) => node.id);
    const turnNodes = layout.nodes.filter((node) => node.turn === 10 || node.turn === 11);
    expect(ids.filter((id) => !id.startsWith("band:") && !id.startsWith("group:"))).toEqual(
      turnNodes.map((node) => node.id),
    );
    expect(ids).toContain("band:10");
    const shown = new Set(ids);
    expect(items.edges.length).toBeGreaterThan(0);
    for (const edge of items.edges) expect(shown.has(edge.source) && shown.has(edge.target)).toBe(true);
    expect(items.edges.some((edge) => edge.source.startsWith("t10:") && edge.target.startsWith("t11:"))).toBe(
      true,
    );
  });

  it("keeps the objects of nodes and edges that stay in the window, even across a new layout", () => {
    const itemsOf = createCanvasItems();
    const first = itemsOf(layout, [10, 11], label);
    const moved = itemsOf(layout, [11, 12], label);
    const byId = new Map(first.nodes.map((node) => [node.id, node]));
    const kept = moved.nodes.filter((node) => byId.get(node.id) === node);
    expect(kept.map((node) => node.id)).toEqual(
      first.nodes
        .filter((node) => node.id.includes("11"))
        .map((n) => n.id)
        .filter((id) => moved.nodes.some((node) => node.id === id)),
    );
    const grown = projectRunGraph(buildLog(run(41)));
    const again = itemsOf(layoutGraph(grown.nodes, grown.edges), [11, 12], label);
    again.nodes.forEach((node, index) => expect(node).toBe(moved.nodes[index]));
    again.edges.forEach((edge, index) => expect(edge).toBe(moved.edges[index]));
  });
});

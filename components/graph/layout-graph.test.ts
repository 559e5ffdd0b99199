import { describe, expect, it } from "vitest";
import { projectRunGraph } from "@/lib/trace/graph/reduce-run-graph";
import { buildLog, textBlock, toolCall, turnCompleted } from "@/lib/trace/testing/build-log";
import { requested, stage } from "@/lib/trace/graph/testing/graph-log";
import type { GraphEdge, GraphNode } from "@/lib/trace/graph/types";
import { createLayoutCache, layoutGraph, type PartCache } from "./layout-graph";

const LOG = buildLog([
  { kind: "user.message", turn: 1, text: "go" }, // 0
  requested(1), // 1
  turnCompleted(1, [textBlock("ok"), toolCall("c1", "read_file")]), // 2
  ...stage("c1", "lookup", "running"), // 3
  { kind: "tool.stage", callId: "c1", stage: "lookup", status: "ok", ms: 1 }, // 4
  { kind: "tool.result", callId: "c1", turn: 1, name: "read_file", content: "x", isError: false }, // 5
  requested(2), // 6
]);

describe("layoutGraph", () => {
  it("places every node left to right along the main path", () => {
    const graph = projectRunGraph(LOG);
    const layout = layoutGraph(graph.nodes, graph.edges);
    const x = new Map(layout.nodes.map((node) => [node.id, node.x]));
    const path = [
      "t1:user",
      "t1:request:tools",
      "t1:request:system",
      "t1:request:messages",
      "t1:stream",
      "t1:block:1",
      "t1:call:c1:lookup",
      "t1:call:c1:execute",
      "t1:call:c1:normalize",
      "t1:results",
      "t2:request:tools",
    ];
    expect(layout.nodes).toHaveLength(graph.nodes.length);
    for (let i = 1; i < path.length; i++) expect(x.get(path[i]!)! > x.get(path[i - 1]!)!).toBe(true);
    expect(layout.edges).toEqual(graph.edges);
  });
});

describe("createLayoutCache", () => {
  it("keeps the layout while only statuses change and lays out again when nodes are added", () => {
    const layoutOf = createLayoutCache();
    const running = projectRunGraph(LOG, 3);
    const ok = projectRunGraph(LOG, 5);
    const first = layoutOf(running.nodes, running.edges);
    expect(layoutOf(ok.nodes, ok.edges)).toBe(first);
    const grown = projectRunGraph(LOG);
    expect(layoutOf(grown.nodes, grown.edges)).not.toBe(first);
    expect(layoutOf(grown.nodes, grown.edges).nodes).toHaveLength(first.nodes.length + 4);
  });
});

describe("the graph's first view", () => {
  it("focuses the latest turn's nodes, or all when ids carry no turn", async () => {
    const { selectLatestTurn } = await import("./flow-graph");
    expect(selectLatestTurn(["t1:user", "t1:stream", "t2:user", "t2:stream", "run:r:end"])).toEqual([
      "t2:user",
      "t2:stream",
    ]);
    expect(selectLatestTurn(["a", "b"])).toEqual(["a", "b"]);
  });
});

describe("a long run", () => {
  it("lays out 300 turns of 20 chained nodes without overflowing the stack, turn after turn", () => {
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    for (let turn = 1; turn <= 300; turn++) {
      for (let i = 0; i < 20; i++) {
        const id = `t${turn}:n${i}`;
        nodes.push({
          id,
          kind: "stage",
          turn,
          status: "ok",
          label: id,
          detail: "",
          seqs: [],
          callId: id,
          stage: "execute",
        });
        const previous = i > 0 ? `t${turn}:n${i - 1}` : turn > 1 ? `t${turn - 1}:n19` : null;
        if (previous) edges.push({ id: `${previous}->${id}`, source: previous, target: id, kind: "flow" });
      }
    }
    const layout = layoutGraph(nodes, edges);
    expect(layout.nodes).toHaveLength(6000);
    const firstOfTurn = (turn: number) => layout.nodes.find((node) => node.id === `t${turn}:n0`)!;
    expect(firstOfTurn(2).x).toBeGreaterThan(firstOfTurn(1).x + 19 * 136);
    expect(layout.edges).toHaveLength(5999);
  });
});

describe("turns of the same shape", () => {
  /** `turns` turns of `length` chained stage nodes, each turn's ids its own. */
  function buildChain(turns: number, length: number): { nodes: GraphNode[]; edges: GraphEdge[] } {
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    for (let turn = 1; turn <= turns; turn++) {
      for (let i = 0; i < length; i++) {
        const id = `t${turn}:call:c${turn}x${i}`;
        nodes.push({
          id,
          kind: "stage",
          turn,
          status: "ok",
          label: id,
          detail: "",
          seqs: [],
          callId: id,
          stage: "execute",
        });
        const previous = i > 0 ? `t${turn}:call:c${turn}x${i - 1}` : null;
        if (previous) edges.push({ id: `${previous}->${id}`, source: previous, target: id, kind: "flow" });
      }
    }
    return { nodes, edges };
  }

  it("lays out one shape once and places every turn of it the same way, shifted right", () => {
    const { nodes, edges } = buildChain(3, 4);
    const parts: PartCache = new Map();
    const layout = layoutGraph(nodes, edges, parts);
    expect(parts.size).toBe(1);
    const turn = (n: number) => layout.nodes.filter((node) => node.id.startsWith(`t${n}:`));
    const shift = turn(2)[0]!.x - turn(1)[0]!.x;
    expect(shift).toBeGreaterThan(0);
    expect(turn(2).map((node) => [node.x - shift, node.y])).toEqual(turn(1).map((node) => [node.x, node.y]));
    expect(layoutGraph(nodes, edges)).toEqual(layout);
  });
});

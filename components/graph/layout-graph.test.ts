import { describe, expect, it } from "vitest";
import { projectRunGraph } from "@/lib/trace/graph/reduce-run-graph";
import { buildLog, completed, requested, stage } from "@/lib/trace/graph/testing/graph-log";
import { createLayoutCache, layoutGraph } from "./layout-graph";

const LOG = buildLog([
  { kind: "user.message", turn: 1, text: "go" }, // 0
  requested(1), // 1
  completed(1, "ok", [{ id: "c1", name: "read_file" }]), // 2
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

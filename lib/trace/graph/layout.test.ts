import { describe, expect, it } from "vitest";
import { STAGES, type NewEvent } from "../events";
import { completed, requested, stage } from "./testing/graph-log";
import { buildLog } from "@/lib/trace/testing/build-log";
import {
  createLayoutCache,
  GRID,
  layoutGraph,
  placeNode,
  type Box,
  type GraphLayout,
  type PlacedNode,
} from "./layout";
import { projectRunGraph } from "./reduce-run-graph";
import { graphIds, type GraphNode } from "./types";

/** Turn 1: text and three calls (c1, c2 in parallel, then c3); turn 2: a text-only answer. */
function batchLog(schedule: string[][] = [["c1", "c2"], ["c3"]]): NewEvent[] {
  return [
    { kind: "run.started", runId: "r1", trigger: "message" },
    { kind: "user.message", turn: 1, text: "read three files" },
    requested(1),
    completed(1, "Reading.", [
      { id: "c1", name: "read_file" },
      { id: "c2", name: "read_file" },
      { id: "c3", name: "write_file" },
    ]),
    { kind: "batch.planned", turn: 1, callIds: ["c1", "c2", "c3"], policy: "independent", schedule },
    ...stage("c1", "lookup", "ok"),
    ...stage("c2", "lookup", "error", "unknown tool"),
    {
      kind: "tool.result",
      callId: "c2",
      turn: 1,
      name: "x",
      content: "no",
      isError: true,
      errorKind: "unknown_tool",
    },
    requested(2),
    completed(2, "Done.", []),
    { kind: "run.finished", runId: "r1", reason: "end_turn", syntheticResults: [] },
  ];
}

const layoutOf = (events: NewEvent[]) => {
  const graph = projectRunGraph(buildLog(events));
  return { graph, layout: layoutGraph(graph.nodes, graph.edges) };
};

const find = (layout: GraphLayout, id: string): PlacedNode => {
  const node = layout.nodes.find((candidate) => candidate.id === id);
  if (!node) throw new Error(`no node ${id}`);
  return node;
};

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("layoutGraph", () => {
  it("places every node once, stacking turns top to bottom", () => {
    const { graph, layout } = layoutOf(batchLog());
    expect(layout.nodes.map((node) => node.id)).toEqual(graph.nodes.map((node) => node.id));
    const lowestOfTurn1 = Math.max(...layout.nodes.filter((n) => n.turn === 1).map((n) => n.y + n.height));
    const highestOfTurn2 = Math.min(...layout.nodes.filter((n) => n.turn === 2).map((n) => n.y));
    expect(highestOfTurn2).toBeGreaterThan(lowestOfTurn1);
    expect(layout.turns.map((band) => band.turn)).toEqual([1, 2]);
    expect(layout.turns[1]!.y).toBe(layout.turns[0]!.y + layout.turns[0]!.height + GRID.turnGap);
    expect(layout.turns.map((band) => band.hasCalls)).toEqual([true, false]);
  });

  it("puts the request and stream in the turn's header row, left to right", () => {
    const { layout } = layoutOf(batchLog());
    const header = [
      "t1:user",
      "t1:request:tools",
      "t1:request:system",
      "t1:request:messages",
      "t1:stream",
      "t1:block:0",
    ];
    const boxes = header.map((id) => find(layout, id));
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.y).toBe(boxes[0]!.y);
      expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
    }
  });

  it("gives each call a lane below the header, its nine stages in columns aligned across lanes", () => {
    const { layout } = layoutOf(batchLog());
    const header = find(layout, "t1:stream");
    const calls = ["c1", "c2", "c3"];
    const lanes = calls.map((callId) => STAGES.map((name) => find(layout, graphIds.stage(1, callId, name))));
    lanes.forEach((lane, index) => {
      expect(new Set(lane.map((box) => box.y)).size).toBe(1);
      expect(lane[0]!.y).toBeGreaterThan(header.y + header.height);
      for (let i = 1; i < lane.length; i++)
        expect(lane[i]!.x).toBeGreaterThan(lane[i - 1]!.x + lane[i - 1]!.width - 1);
      const head = find(layout, index === 0 ? "t1:block:1" : index === 1 ? "t1:block:2" : "t1:block:3");
      expect(head.y).toBe(lane[0]!.y);
      expect(head.x + head.width).toBeLessThanOrEqual(lane[0]!.x);
    });
    for (let column = 0; column < STAGES.length; column++)
      expect(new Set(lanes.map((lane) => lane[column]!.x)).size).toBe(1);
    expect(lanes[1]![0]!.y).toBeGreaterThan(lanes[0]![0]!.y);
    expect(lanes[2]![0]!.y).toBeGreaterThan(lanes[1]![0]!.y);
  });

  it("draws the error result in its lane, under the stages the branch bypasses, and the results right of the lanes", () => {
    const { layout } = layoutOf(batchLog());
    const error = find(layout, graphIds.errorResult(1, "c2"));
    const execute = find(layout, graphIds.stage(1, "c2", "execute"));
    const post = find(layout, graphIds.stage(1, "c2", "post"));
    const nextLane = find(layout, graphIds.stage(1, "c3", "lookup"));
    expect(error.x).toBe(execute.x);
    expect(error.x + error.width).toBe(post.x + post.width);
    expect(error.y).toBeGreaterThanOrEqual(execute.y + execute.height);
    expect(error.y + error.height).toBeLessThan(nextLane.y);
    const results = find(layout, graphIds.results(1));
    const normalize = find(layout, graphIds.stage(1, "c1", "normalize"));
    expect(results.x).toBeGreaterThan(normalize.x + normalize.width);
  });

  it("never lets two nodes of a turn overlap", () => {
    const { layout } = layoutOf(batchLog());
    for (const a of layout.nodes)
      for (const b of layout.nodes) if (a !== b) expect(overlaps(a, b), `${a.id} / ${b.id}`).toBe(false);
  });

  it("brackets the lanes of each batch group, a gap between groups that run one after another", () => {
    const serial = layoutOf(batchLog([["c1", "c2"], ["c3"]])).layout;
    expect(serial.groups.map(({ index, count, calls }) => ({ index, count, calls }))).toEqual([
      { index: 0, count: 2, calls: 2 },
      { index: 1, count: 2, calls: 1 },
    ]);
    const lane = (layout: GraphLayout, callId: string) => find(layout, graphIds.stage(1, callId, "lookup")).y;
    const parallel = layoutOf(batchLog([["c1", "c2", "c3"]])).layout;
    expect(parallel.groups).toHaveLength(1);
    expect(lane(serial, "c2") - lane(serial, "c1")).toBe(lane(parallel, "c2") - lane(parallel, "c1"));
    expect(lane(serial, "c3") - lane(serial, "c2")).toBe(
      lane(parallel, "c3") - lane(parallel, "c2") + GRID.groupGap,
    );
  });

  it("routes every edge as an orthogonal path from its source's box to its target's", () => {
    const { layout } = layoutOf(batchLog());
    const on = (point: { x: number; y: number }, box: Box) =>
      point.x >= box.x - 0.01 &&
      point.x <= box.x + box.width + 0.01 &&
      point.y >= box.y - 0.01 &&
      point.y <= box.y + box.height + 0.01;
    expect(layout.edges.length).toBeGreaterThan(20);
    for (const edge of layout.edges) {
      const points = edge.points;
      expect(on(points[0]!, find(layout, edge.source)), edge.id).toBe(true);
      expect(on(points.at(-1)!, find(layout, edge.target)), edge.id).toBe(true);
      for (let i = 1; i < points.length; i++)
        expect(points[i]!.x === points[i - 1]!.x || points[i]!.y === points[i - 1]!.y, edge.id).toBe(true);
    }
  });

  it("keeps every edge inside its turn's band, save the link from one turn to the next", () => {
    const { layout } = layoutOf(batchLog());
    for (const edge of layout.edges) {
      const source = find(layout, edge.source);
      const target = find(layout, edge.target);
      if (source.turn !== target.turn) continue;
      const band = layout.turns.find((turn) => turn.turn === source.turn)!;
      for (const point of edge.points) {
        expect(point.y, edge.id).toBeGreaterThanOrEqual(band.y);
        expect(point.y, edge.id).toBeLessThanOrEqual(band.y + band.height);
      }
    }
  });

  it("places a block without a call in the header, whatever its kind's placement", () => {
    const node: GraphNode = {
      id: "t1:block:0",
      kind: "block",
      turn: 1,
      status: "ok",
      label: "x",
      detail: "",
      seqs: [],
      blockType: "text",
    };
    expect(placeNode(node)).toEqual({ row: "header" });
    expect(placeNode({ ...node, blockType: "tool_use", callId: "c1" })).toEqual({
      row: "lane",
      column: "head",
    });
  });

  it("keeps the layout while only statuses change, and keeps earlier turns' places as the run grows", () => {
    const events = batchLog();
    const log = buildLog(events);
    const cached = createLayoutCache();
    const early = projectRunGraph(log, 6);
    const later = projectRunGraph(log, 7);
    const first = cached(early.nodes, early.edges);
    expect(cached(later.nodes, later.edges)).toBe(first);
    const whole = projectRunGraph(log);
    const grown = cached(whole.nodes, whole.edges);
    expect(grown).not.toBe(first);
    for (const node of first.nodes) expect(find(grown, node.id)).toEqual(node);
  });
});

import { describe, expect, it } from "vitest";
import { buildLog } from "@/lib/trace/testing/build-log";
import { completed, requested } from "./testing/graph-log";
import { layoutGraph, READABLE_ZOOM, type TurnBand } from "./layout";
import { projectRunGraph } from "./reduce-run-graph";
import type { NewEvent } from "../events";
import { centreOn, chooseFocusTurn, frameBox, MAX_WINDOW_TURNS, selectWindow, zoomAt } from "./viewport";

const ONE_CALL: NewEvent[] = [
  { kind: "user.message", turn: 1, text: "What is in notes/todo.md?" },
  requested(1),
  completed(1, null, [{ id: "c1", name: "read_file" }]),
  requested(2),
  completed(2, "It lists two things.", []),
];

describe("chooseFocusTurn", () => {
  it("opens on the last turn with a tool call, not a text-only turn after it", () => {
    expect(chooseFocusTurn(projectRunGraph(buildLog(ONE_CALL)).nodes)).toBe(1);
  });

  it("opens on the turn the run is paused in", () => {
    const nodes = projectRunGraph(buildLog(ONE_CALL)).nodes.map((node) =>
      node.id === "t2:stream" ? { ...node, paused: true as const } : node,
    );
    expect(chooseFocusTurn(nodes)).toBe(2);
  });

  it("falls back to the last turn, and to null when there is nothing", () => {
    expect(chooseFocusTurn(projectRunGraph(buildLog(ONE_CALL.slice(0, 2))).nodes)).toBe(1);
    expect(chooseFocusTurn([])).toBeNull();
  });
});

describe("frameBox", () => {
  const pane = { width: 660, height: 340 };

  it("never opens below the readable zoom, where 12 px labels are at least 11 px", () => {
    const view = frameBox({ x: 0, y: 0, width: 5000, height: 3000 }, pane);
    expect(view.zoom).toBe(READABLE_ZOOM);
    expect(12 * view.zoom).toBeGreaterThanOrEqual(11);
    // Too wide and too tall: it starts at the box's top-left corner.
    expect(view.x).toBe(12);
    expect(view.y).toBe(12);
  });

  it("centres a box that fits, at zoom 1 at most", () => {
    const view = frameBox({ x: 100, y: 200, width: 200, height: 100 }, pane);
    expect(view.zoom).toBe(1);
    expect(view.x + 100 * view.zoom).toBe((660 - 200) / 2);
    expect(view.y + 200 * view.zoom).toBe((340 - 100) / 2);
  });

  it("shrinks a box to fit when the zoom stays readable", () => {
    const view = frameBox({ x: 0, y: 0, width: 680, height: 300 }, pane);
    expect(view.zoom).toBeLessThan(1);
    expect(view.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(680 * view.zoom).toBeLessThanOrEqual(660 - 24 + 0.001);
  });

  it("frames the first view of a one-call run on the call's turn", () => {
    const graph = projectRunGraph(buildLog(ONE_CALL));
    const layout = layoutGraph(graph.nodes, graph.edges);
    const band = layout.turns.find((turn) => turn.turn === chooseFocusTurn(graph.nodes))!;
    const view = frameBox(band, { width: 1000, height: 420 });
    // The band's top-left is on screen.
    expect(band.x * view.zoom + view.x).toBeGreaterThanOrEqual(0);
    expect(band.y * view.zoom + view.y).toBeGreaterThanOrEqual(0);
    expect(band.y * view.zoom + view.y).toBeLessThan(420);
  });
});

describe("selectWindow", () => {
  const bands: TurnBand[] = Array.from({ length: 200 }, (_, index) => ({
    turn: index + 1,
    x: 0,
    y: index * 200,
    width: 1000,
    height: 180,
    lanes: [],
    hasCalls: false,
  }));
  const pane = { width: 800, height: 400 };

  it("hands the canvas only the turns within a screen of the viewport", () => {
    const turns = selectWindow(bands, { x: 0, y: -200 * 100, zoom: 1 }, pane, null);
    expect(turns).toEqual([99, 100, 101, 102, 103, 104, 105]);
  });

  it("keeps the focus turn, wherever the viewport is", () => {
    expect(selectWindow(bands, { x: 0, y: 0, zoom: 1 }, pane, 150)).toEqual([1, 2, 3, 4, 5, 150]);
  });

  it("draws at most MAX_WINDOW_TURNS turns, the nearest the middle, when zoomed far out", () => {
    const turns = selectWindow(bands, { x: 0, y: -20000 * 0.05, zoom: 0.05 }, pane, null);
    expect(turns).toHaveLength(MAX_WINDOW_TURNS);
    expect(turns).toContain(Math.round((20000 + 4000) / 200));
  });
});

describe("zoomAt and centreOn", () => {
  it("keeps the point zoomed about in place", () => {
    const view = zoomAt({ x: 30, y: 40, zoom: 1 }, 2, { x: 200, y: 100 });
    expect(view.zoom).toBe(2);
    expect((200 - view.x) / view.zoom).toBe(170);
    expect((100 - view.y) / view.zoom).toBe(60);
  });

  it("puts a graph point in the middle of the pane", () => {
    const view = centreOn({ x: 0, y: 0, zoom: 0.5 }, { x: 1000, y: 400 }, { width: 800, height: 400 });
    expect(view).toEqual({ x: 400 - 500, y: 200 - 200, zoom: 0.5 });
  });
});

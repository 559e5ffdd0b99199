/**
 * Where the flow graph looks: the turn it opens on, the viewport that frames a box at a readable
 * zoom, and the window of turns handed to the canvas (those near the viewport), all pure.
 */
import { placeNode, READABLE_ZOOM, type Box, type TurnBand } from "./layout";
import type { GraphNode } from "./types";

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

export interface PaneSize {
  width: number;
  height: number;
}

/**
 * The turn the graph opens on: the one the run is paused in, else the last turn with a tool call,
 * else the last turn; null for an empty graph.
 */
export function chooseFocusTurn(nodes: readonly GraphNode[]): number | null {
  let lastCall: number | null = null;
  for (let index = nodes.length - 1; index >= 0; index--) {
    const node = nodes[index]!;
    if (node.paused) return node.turn;
    if (lastCall === null && placeNode(node).row === "lane") lastCall = node.turn;
  }
  return lastCall ?? nodes.at(-1)?.turn ?? null;
}

/**
 * The viewport showing `box`: zoomed to fit it, but never below `minZoom` (by default the readable
 * zoom, where labels are ≥ 11 px) nor above 1. A box that fits is centred; one too wide starts
 * at its left edge, one too tall at its top.
 */
export function frameBox(box: Box, pane: PaneSize, minZoom = READABLE_ZOOM, padding = 12): Viewport {
  const room = {
    width: Math.max(1, pane.width - 2 * padding),
    height: Math.max(1, pane.height - 2 * padding),
  };
  const fit = Math.min(room.width / Math.max(1, box.width), room.height / Math.max(1, box.height));
  const zoom = Math.min(1, Math.max(minZoom, fit));
  const wide = box.width * zoom > room.width;
  const x = wide ? padding - box.x * zoom : (pane.width - box.width * zoom) / 2 - box.x * zoom;
  const tall = box.height * zoom > room.height;
  const y = tall ? padding - box.y * zoom : (pane.height - box.height * zoom) / 2 - box.y * zoom;
  return { x, y, zoom };
}

/** The smallest box holding all of these. */
export function boundingBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** At most this many turns are handed to the canvas at once (zoomed far out, the rest wait). */
export const MAX_WINDOW_TURNS = 24;

/**
 * The turns to draw: those within one screen of the viewport (above and below), nearest the
 * viewport's middle first when there are too many, plus `keep` (the focus turn). Returned in
 * band order. `turns` is in band order (as the layout gives it).
 */
export function selectWindow(
  turns: readonly TurnBand[],
  view: Viewport,
  pane: PaneSize,
  keep: number | null,
): number[] {
  const top = -view.y / view.zoom;
  const bottom = (pane.height - view.y) / view.zoom;
  const margin = bottom - top;
  const from = top - margin;
  const to = bottom + margin;
  // The first band whose bottom reaches `from` (bands are stacked in order).
  let low = 0;
  let high = turns.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (turns[middle]!.y + turns[middle]!.height < from) low = middle + 1;
    else high = middle;
  }
  const hit: TurnBand[] = [];
  for (let index = low; index < turns.length && turns[index]!.y <= to; index++) hit.push(turns[index]!);
  const centre = (top + bottom) / 2;
  const distance = (band: TurnBand) => Math.abs(band.y + band.height / 2 - centre);
  const chosen =
    hit.length > MAX_WINDOW_TURNS
      ? [...hit].sort((a, b) => distance(a) - distance(b)).slice(0, MAX_WINDOW_TURNS)
      : hit;
  const set = new Set(chosen.map((band) => band.turn));
  if (keep !== null && turns.some((band) => band.turn === keep)) set.add(keep);
  return turns.filter((band) => set.has(band.turn)).map((band) => band.turn);
}

/** The graph's zoom limits. */
export const ZOOM_LIMITS = { min: 0.1, max: 2 } as const;

/** The viewport zoomed by `factor` about a point of the pane (its centre, for the buttons). */
export function zoomAt(view: Viewport, factor: number, at: { x: number; y: number }): Viewport {
  const zoom = Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, view.zoom * factor));
  const graphX = (at.x - view.x) / view.zoom;
  const graphY = (at.y - view.y) / view.zoom;
  return { zoom, x: at.x - graphX * zoom, y: at.y - graphY * zoom };
}

/** The viewport, at its zoom, with this graph point in the middle of the pane. */
export function centreOn(view: Viewport, point: { x: number; y: number }, pane: PaneSize): Viewport {
  return {
    zoom: view.zoom,
    x: pane.width / 2 - point.x * view.zoom,
    y: pane.height / 2 - point.y * view.zoom,
  };
}

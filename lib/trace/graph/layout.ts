/**
 * The flow graph's layout, a pure function of the graph's structure: turns stacked top to bottom,
 * each turn a band with a header row (user message → tools → system → messages → stream → text
 * blocks) and, below it, one lane per tool call: the tool_use block, then the nine stages in
 * aligned columns, the error result in a sub-row under execute…post (the branch bypasses them and
 * rejoins at normalize), and the turn's results joining the lanes on the right. Parallel calls,
 * an aborted batch, a blocked call or a timeout therefore read as shapes of colour in a grid.
 *
 * Where a node goes is decided by its kind (`PLACEMENT`): a new node kind must say whether it sits
 * in the header, in a call's lane (as its head, a stage column or its branch), joins the lanes or
 * ends the turn. Edges are routed here too, as orthogonal polylines the canvas only draws.
 */
import { STAGES, type Stage } from "../events";
import { readCallId, type GraphEdge, type GraphNode, type GraphNodeKind, type GraphNodeOf } from "./types";

/** Where a node sits in its turn's band. */
export type Placement =
  | { row: "header" }
  | { row: "lane"; column: "head" | Stage }
  | { row: "branch" }
  | { row: "join" }
  | { row: "tail" };

const HEADER: Placement = { row: "header" };

/** Each kind's placement; a lane placement needs a call id (`readCallId`), else the node goes in the header. */
export const PLACEMENT: { [K in GraphNodeKind]: (node: GraphNodeOf<K>) => Placement } = {
  user: () => HEADER,
  "request-section": () => HEADER,
  stream: () => HEADER,
  block: (node) => (node.callId ? { row: "lane", column: "head" } : HEADER),
  stage: (node) => ({ row: "lane", column: node.stage }),
  "error-result": () => ({ row: "branch" }),
  results: () => ({ row: "join" }),
  "run-end": () => ({ row: "tail" }),
};

export function placeNode(node: GraphNode): Placement {
  const place = (PLACEMENT[node.kind] as (node: GraphNode) => Placement)(node);
  return place.row !== "header" && place.row !== "tail" && place.row !== "join" && !readCallId(node)
    ? HEADER
    : place;
}

/** Sizes and spacing, in graph pixels; graph.css draws the nodes at these sizes. */
export const GRID = {
  nodeHeight: 44,
  /** The header's node widths by kind; a lane's stage and head widths below. */
  width: {
    user: 160,
    "request-section": 92,
    stream: 150,
    block: 170,
    stage: 82,
    "error-result": 0,
    results: 96,
    "run-end": 124,
  } satisfies Record<GraphNodeKind, number>,
  headWidth: 132,
  branchHeight: 26,
  gapX: 10,
  rowGap: 16,
  laneGap: 8,
  /** Extra space between two groups of a batch that run one after the other. */
  groupGap: 14,
  padX: 12,
  /** Room above the header for the band's "Turn N" label. */
  padTop: 24,
  padBottom: 10,
  /** Lanes sit this far right of the header, leaving room for the edge bus and the group bracket. */
  laneIndent: 16,
  turnGap: 28,
} as const;

/** The lowest zoom the graph opens at: 12 px labels stay at least 11 px. */
export const READABLE_ZOOM = 11 / 12;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedNode extends Box {
  id: string;
  kind: GraphNodeKind;
  turn: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface PlacedEdge extends GraphEdge {
  /** The polyline to draw, from the source's side to the target's. */
  points: readonly Point[];
}

/** Lanes of one batch group: calls that run together (parallel when more than one). */
export interface LaneGroup extends Box {
  turn: number;
  /** The group's place in the batch's schedule (0-based) and how many groups there are. */
  index: number;
  count: number;
  calls: number;
}

/** One turn's band: its box, and its lanes' boxes (for the minimap). */
export interface TurnBand extends Box {
  turn: number;
  lanes: readonly Box[];
  hasCalls: boolean;
}

export interface GraphLayout {
  /** Identifies the structure (node and edge ids, batch groups); statuses are not part of it. */
  key: string;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  turns: TurnBand[];
  groups: LaneGroup[];
  width: number;
  height: number;
}

/** The structure's key: the node ids (with a call's batch group), then the edge ids. */
export function describeStructure(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): string {
  const ids = nodes.map((node) =>
    node.kind === "block" && node.batchGroup !== undefined ? `${node.id}@${node.batchGroup}` : node.id,
  );
  return `${ids.join("\n")}\n#\n${edges.map((edge) => edge.id).join("\n")}`;
}

/** One turn laid out at x = 0, y = 0. */
interface LocalTurn {
  nodes: Box[];
  lanes: Box[];
  groups: Omit<LaneGroup, "turn">[];
  width: number;
  height: number;
}

const stageColumn = (column: "head" | Stage) => (column === "head" ? -1 : STAGES.indexOf(column));

function laneX(column: number): number {
  const head = GRID.padX + GRID.laneIndent;
  if (column < 0) return head;
  return head + GRID.headWidth + GRID.gapX + column * (GRID.width.stage + GRID.gapX);
}

/** The error result's sub-row spans the columns the branch bypasses: execute, progress, post. */
const BRANCH_FROM = STAGES.indexOf("execute");
const BRANCH_SPAN = 3;

function layoutTurn(nodes: readonly GraphNode[]): LocalTurn {
  const h = GRID.nodeHeight;
  const headerY = GRID.padTop;
  const boxes: Box[] = new Array<Box>(nodes.length);
  const places = nodes.map(placeNode);
  let x = GRID.padX;
  let right = 0;
  let bottom = headerY + h;
  const fit = (box: Box) => {
    right = Math.max(right, box.x + box.width);
    bottom = Math.max(bottom, box.y + box.height);
    return box;
  };
  // Header, left to right in node order.
  places.forEach((place, index) => {
    if (place.row !== "header") return;
    const width = GRID.width[nodes[index]!.kind];
    boxes[index] = fit({ x, y: headerY, width, height: h });
    x += width + GRID.gapX;
  });
  // Lanes, one per call in order of appearance; a call's batch group comes from its tool_use block.
  const laneOf = new Map<string, number>();
  const laneGroup: (number | undefined)[] = [];
  nodes.forEach((node, index) => {
    const place = places[index]!;
    if (place.row !== "lane" && place.row !== "branch") return;
    const callId = readCallId(node)!;
    if (!laneOf.has(callId)) {
      laneOf.set(callId, laneOf.size);
      laneGroup.push(undefined);
    }
    if (node.kind === "block" && node.batchGroup !== undefined)
      laneGroup[laneOf.get(callId)!] = node.batchGroup;
  });
  const laneHeight = h + 4 + GRID.branchHeight;
  const laneY: number[] = [];
  let y = headerY + h + GRID.rowGap;
  laneGroup.forEach((group, lane) => {
    if (lane > 0) y += GRID.laneGap + (group !== laneGroup[lane - 1] ? GRID.groupGap : 0);
    laneY.push(y);
    y += laneHeight;
  });
  const lanes = laneY.map((top) => ({
    x: laneX(-1),
    y: top,
    width: laneX(STAGES.length) - GRID.gapX - laneX(-1),
    height: laneHeight,
  }));
  nodes.forEach((node, index) => {
    const place = places[index]!;
    if (place.row !== "lane" && place.row !== "branch") return;
    const top = laneY[laneOf.get(readCallId(node)!)!]!;
    if (place.row === "branch") {
      const left = laneX(BRANCH_FROM);
      const width = laneX(BRANCH_FROM + BRANCH_SPAN) - GRID.gapX - left;
      boxes[index] = fit({ x: left, y: top + h + 4, width, height: GRID.branchHeight });
      return;
    }
    const column = stageColumn(place.column);
    const width = column < 0 ? GRID.headWidth : GRID.width.stage;
    boxes[index] = fit({ x: laneX(column), y: top, width, height: h });
  });
  // The join sits right of the lanes, level with their middle; the run's end follows it.
  const joinX = laneX(STAGES.length) + GRID.gapX;
  const middle = laneY.length > 0 ? (laneY[0]! + laneY.at(-1)!) / 2 : headerY;
  let tailX = laneY.length > 0 ? joinX : x;
  let tailY = middle;
  places.forEach((place, index) => {
    if (place.row !== "join") return;
    const width = GRID.width[nodes[index]!.kind];
    boxes[index] = fit({ x: joinX, y: middle, width, height: h });
    tailX = Math.max(tailX, joinX + width + GRID.gapX);
  });
  places.forEach((place, index) => {
    if (place.row !== "tail") return;
    boxes[index] = fit({ x: tailX, y: tailY, width: GRID.width[nodes[index]!.kind], height: h });
    tailY += h + GRID.laneGap;
  });
  const groups: LocalTurn["groups"] = [];
  const count = new Set(laneGroup.filter((group) => group !== undefined)).size;
  laneGroup.forEach((group, lane) => {
    if (group === undefined) return;
    const last = groups.at(-1);
    if (last && last.index === group && lane > 0 && laneGroup[lane - 1] === group) {
      last.height = laneY[lane]! + h - last.y;
      last.calls += 1;
      return;
    }
    groups.push({ index: group, count, calls: 1, x: GRID.padX, y: laneY[lane]!, width: 6, height: h });
  });
  return { nodes: boxes, lanes, groups, width: right + GRID.padX, height: bottom + GRID.padBottom };
}

/** A turn laid out before: reused while its nodes (ids and batch groups) stay the same. */
export type TurnCache = Map<string, LocalTurn>;

/**
 * Lays the graph out: each turn on its own (a turn laid out before, with the same nodes, is
 * reused from `cache`), stacked with a gap, then every edge routed between the placed boxes.
 * Pure: the same structure gives the same layout.
 */
export function layoutGraph(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
  cache: TurnCache = new Map(),
): GraphLayout {
  const byTurn = groupByTurn(nodes);
  const placed: PlacedNode[] = [];
  const turns: TurnBand[] = [];
  const groups: LaneGroup[] = [];
  const used = new Set<string>();
  let top = 0;
  let width = 0;
  for (const [turn, part] of byTurn) {
    const key = describeStructure(part, []);
    const local = cache.get(key) ?? layoutTurn(part);
    cache.set(key, local);
    used.add(key);
    part.forEach((node, index) => {
      const box = local.nodes[index]!;
      placed.push({ id: node.id, kind: node.kind, turn, ...box, y: box.y + top });
    });
    const shift = (box: Box) => ({ ...box, y: box.y + top });
    turns.push({
      turn,
      x: 0,
      y: top,
      width: local.width,
      height: local.height,
      lanes: local.lanes.map(shift),
      hasCalls: local.lanes.length > 0,
    });
    for (const group of local.groups)
      groups.push({ ...shift(group), index: group.index, count: group.count, calls: group.calls, turn });
    width = Math.max(width, local.width);
    top += local.height + GRID.turnGap;
  }
  if (cache.size > used.size * 2 + 64) for (const key of cache.keys()) if (!used.has(key)) cache.delete(key);
  const boxOf = new Map(placed.map((node) => [node.id, node]));
  const bandOf = new Map(turns.map((band) => [band.turn, band]));
  const routed: PlacedEdge[] = [];
  for (const edge of edges) {
    const source = boxOf.get(edge.source);
    const target = boxOf.get(edge.target);
    if (source && target)
      routed.push({ ...edge, points: routeEdge(edge, source, target, bandOf.get(target.turn)!) });
  }
  return {
    key: describeStructure(nodes, edges),
    nodes: placed,
    edges: routed,
    turns,
    groups,
    width,
    height: Math.max(0, top - GRID.turnGap),
  };
}

/** An orthogonal path between two placed boxes, chosen by where the target lies. */
export function routeEdge(edge: GraphEdge, s: PlacedNode, t: PlacedNode, band: Box): Point[] {
  const scx = s.x + s.width / 2;
  const scy = s.y + s.height / 2;
  const tcy = t.y + t.height / 2;
  const right = s.x + s.width;
  if (edge.kind === "branch")
    return [
      { x: scx, y: s.y + s.height },
      { x: scx, y: tcy },
      { x: t.x, y: tcy },
    ];
  if (s.turn !== t.turn) {
    // To the next turn: down to the gap above its band, across, down into its first node.
    const gapY = band.y - GRID.turnGap / 2;
    const tx = t.x + Math.min(24, t.width / 2);
    return [
      { x: scx, y: s.y + s.height },
      { x: scx, y: gapY },
      { x: tx, y: gapY },
      { x: tx, y: t.y },
    ];
  }
  if (Math.abs(scy - tcy) < 1 && t.x >= right)
    return [
      { x: right, y: scy },
      { x: t.x, y: tcy },
    ];
  if (t.y > s.y + s.height / 2 && t.x < s.x) {
    // Down-left into a lane head: a bus under the header, then along the lanes' left edge.
    const busY = s.y + s.height + GRID.rowGap / 2;
    const busX = t.x - GRID.laneIndent / 2;
    return [
      { x: scx, y: s.y + s.height },
      { x: scx, y: busY },
      { x: busX, y: busY },
      { x: busX, y: tcy },
      { x: t.x, y: tcy },
    ];
  }
  if (t.y + t.height <= s.y && t.x + t.width / 2 >= right) {
    // Up into the stage a branch rejoins (the error result to normalize).
    const tcx = t.x + t.width / 2;
    return [
      { x: right, y: scy },
      { x: tcx, y: scy },
      { x: tcx, y: t.y + t.height },
    ];
  }
  const midX = Math.max(right + GRID.gapX / 2, t.x - GRID.gapX / 2);
  return [
    { x: right, y: scy },
    { x: midX, y: scy },
    { x: midX, y: tcy },
    { x: t.x, y: tcy },
  ];
}

function groupByTurn(nodes: readonly GraphNode[]): Map<number, GraphNode[]> {
  const groups = new Map<number, GraphNode[]>();
  for (const node of nodes) {
    const group = groups.get(node.turn);
    if (group) group.push(node);
    else groups.set(node.turn, [node]);
  }
  return groups;
}

/**
 * A layout recomputed only when the structure changes: called with a graph of the same
 * structure as the last call, it returns the very same layout object.
 */
export function createLayoutCache(): (
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
) => GraphLayout {
  let last: GraphLayout | null = null;
  const turns: TurnCache = new Map();
  return (nodes, edges) => {
    const key = describeStructure(nodes, edges);
    if (last?.key !== key) last = layoutGraph(nodes, edges, turns);
    return last;
  };
}

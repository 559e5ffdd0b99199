import dagre from "@dagrejs/dagre";
import type { GraphEdge, GraphNode, GraphNodeKind } from "@/lib/trace/graph/types";

/** Each kind's box, in pixels; graph.css gives the nodes the same size. */
export const NODE_SIZES: Record<GraphNodeKind, { width: number; height: number }> = {
  user: { width: 180, height: 60 },
  "request-section": { width: 136, height: 52 },
  stream: { width: 170, height: 60 },
  block: { width: 170, height: 60 },
  stage: { width: 136, height: 52 },
  "error-result": { width: 150, height: 52 },
  results: { width: 136, height: 52 },
  "run-end": { width: 160, height: 52 },
};

export interface PlacedNode {
  id: string;
  kind: GraphNodeKind;
  /** Top-left corner, as React Flow places nodes. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface GraphLayout {
  /** Identifies the structure (node and edge ids); statuses are not part of it. */
  key: string;
  nodes: PlacedNode[];
  edges: GraphEdge[];
}

/** The structure's key: the ids of the nodes and edges, in order. */
export function describeStructure(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): string {
  return `${nodes.map((node) => node.id).join("\n")}\n#\n${edges.map((edge) => edge.id).join("\n")}`;
}

/** Space between two turns' columns, in pixels. */
const TURN_GAP = 60;

/** One turn's shape laid out on its own, x from 0: each node's box, in the part's node order. */
interface LaidPart {
  boxes: { x: number; y: number; width: number; height: number }[];
  width: number;
}

/**
 * Laid-out turns by their shape (node kinds in order, and edges between positions): most turns of
 * a long run share a handful of shapes, so each shape is laid out once.
 */
export type PartCache = Map<string, LaidPart>;

/** How many shapes a cache keeps beyond the ones the last layout used. */
const SPARE_PARTS = 64;

/**
 * Lays the graph out left to right with dagre, one turn at a time, turns side by side. Laying out
 * each turn on its own keeps dagre's recursive passes shallow — a whole 10,000-event run as one
 * chain of thousands of nodes overflows the call stack — and each part stays small. A turn's
 * layout depends only on its shape (dagre sees sizes, order and edges, not ids), so with `parts`
 * a shape laid out before is reused. Pure: the same structure gives the same positions.
 */
export function layoutGraph(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
  parts: PartCache = new Map(),
): GraphLayout {
  const known = new Set(nodes.map((node) => node.id));
  const drawn = edges.filter((edge) => known.has(edge.source) && known.has(edge.target));
  const groups = groupByTurn(nodes);
  const edgesByTurn = groupEdgesByTurn(drawn, nodes);
  const used = new Set<string>();
  const placed: PlacedNode[] = [];
  let offset = 0;
  for (const [turn, part] of groups) {
    const partEdges = edgesByTurn.get(turn) ?? [];
    const key = describeShape(part, partEdges);
    let laid = parts.get(key);
    if (laid) parts.delete(key);
    else laid = layoutPart(part, partEdges);
    parts.set(key, laid);
    used.add(key);
    part.forEach((node, index) => {
      const box = laid.boxes[index]!;
      placed.push({ id: node.id, kind: node.kind, ...box, x: box.x + offset });
    });
    offset += laid.width + TURN_GAP;
  }
  for (const key of parts.keys()) {
    if (parts.size <= used.size + SPARE_PARTS) break;
    if (!used.has(key)) parts.delete(key);
  }
  return { key: describeStructure(nodes, edges), nodes: placed, edges: drawn };
}

/** A turn's shape: its nodes' kinds in order, and each edge as positions and weight class. */
function describeShape(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): string {
  const position = new Map(nodes.map((node, index) => [node.id, index]));
  const kinds = nodes.map((node) => node.kind).join(",");
  const links = edges.map(
    (edge) => `${position.get(edge.source)}${edge.kind === "branch" ? "~" : ">"}${position.get(edge.target)}`,
  );
  return `${kinds}|${links.join(",")}`;
}

/** Each turn's edges whose two ends are both in that turn (the ones its layout uses). */
function groupEdgesByTurn(
  edges: readonly GraphEdge[],
  nodes: readonly GraphNode[],
): Map<number, GraphEdge[]> {
  const turnOf = new Map(nodes.map((node) => [node.id, node.turn]));
  const groups = new Map<number, GraphEdge[]>();
  for (const edge of edges) {
    const turn = turnOf.get(edge.source);
    if (turn === undefined || turn !== turnOf.get(edge.target)) continue;
    const group = groups.get(turn);
    if (group) group.push(edge);
    else groups.set(turn, [edge]);
  }
  return groups;
}

/** The nodes grouped by turn, turns in order of first appearance, nodes in their order. */
function groupByTurn(nodes: readonly GraphNode[]): Map<number, GraphNode[]> {
  const groups = new Map<number, GraphNode[]>();
  for (const node of nodes) {
    const group = groups.get(node.turn);
    if (group) group.push(node);
    else groups.set(node.turn, [node]);
  }
  return groups;
}

function layoutPart(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): LaidPart {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: "LR", nodesep: 18, ranksep: 44, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  // Positions, not ids, name dagre's nodes: the same shape gives the same layout whatever its ids.
  const position = new Map(nodes.map((node, index) => [node.id, `n${index}`]));
  nodes.forEach((node, index) => graph.setNode(`n${index}`, { ...NODE_SIZES[node.kind] }));
  // A branch to an error result should not pull the main path's ranks around.
  for (const edge of edges)
    graph.setEdge(position.get(edge.source)!, position.get(edge.target)!, {
      weight: edge.kind === "branch" ? 1 : 4,
    });
  dagre.layout(graph);
  const boxes = nodes.map((_, index) => {
    const { x, y, width, height } = graph.node(`n${index}`) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    return { x: x - width / 2, y: y - height / 2, width, height };
  });
  return { boxes, width: Math.max(0, ...boxes.map((box) => box.x + box.width)) };
}

/**
 * A layout that is recomputed only when the structure changes: called with a graph whose
 * structure is the one of the last call, it returns the very same layout object.
 */
export function createLayoutCache(): (
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
) => GraphLayout {
  let last: GraphLayout | null = null;
  const parts: PartCache = new Map();
  return (nodes, edges) => {
    const key = describeStructure(nodes, edges);
    if (last?.key !== key) last = layoutGraph(nodes, edges, parts);
    return last;
  };
}

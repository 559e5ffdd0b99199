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

/**
 * Lays the graph out left to right with dagre, one turn at a time, turns side by side. Laying out
 * each turn on its own keeps dagre's recursive passes shallow — a whole 10,000-event run as one
 * chain of thousands of nodes overflows the call stack — and each part stays small. Pure: the
 * same structure gives the same positions.
 */
export function layoutGraph(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): GraphLayout {
  const known = new Set(nodes.map((node) => node.id));
  const drawn = edges.filter((edge) => known.has(edge.source) && known.has(edge.target));
  const placed: PlacedNode[] = [];
  let offset = 0;
  for (const part of groupByTurn(nodes)) {
    const ids = new Set(part.map((node) => node.id));
    const laid = layoutPart(
      part,
      drawn.filter((edge) => ids.has(edge.source) && ids.has(edge.target)),
    );
    for (const node of laid.nodes) placed.push({ ...node, x: node.x + offset });
    offset += laid.width + TURN_GAP;
  }
  return { key: describeStructure(nodes, edges), nodes: placed, edges: drawn };
}

/** The nodes grouped by turn, turns in order of first appearance, nodes in their order. */
function groupByTurn(nodes: readonly GraphNode[]): GraphNode[][] {
  const groups = new Map<number, GraphNode[]>();
  for (const node of nodes) {
    const group = groups.get(node.turn);
    if (group) group.push(node);
    else groups.set(node.turn, [node]);
  }
  return [...groups.values()];
}

function layoutPart(
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
): { nodes: PlacedNode[]; width: number } {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: "LR", nodesep: 18, ranksep: 44, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { ...NODE_SIZES[node.kind] });
  // A branch to an error result should not pull the main path's ranks around.
  for (const edge of edges)
    graph.setEdge(edge.source, edge.target, { weight: edge.kind === "branch" ? 1 : 4 });
  dagre.layout(graph);
  const placed = nodes.map((node) => {
    const { x, y, width, height } = graph.node(node.id) as {
      x: number;
      y: number;
      width: number;
      height: number;
    };
    return { id: node.id, kind: node.kind, x: x - width / 2, y: y - height / 2, width, height };
  });
  return { nodes: placed, width: Math.max(0, ...placed.map((node) => node.x + node.width)) };
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
  return (nodes, edges) => {
    const key = describeStructure(nodes, edges);
    if (last?.key !== key) last = layoutGraph(nodes, edges);
    return last;
  };
}

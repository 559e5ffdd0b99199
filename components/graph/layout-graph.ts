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

/** Lays the graph out left to right with dagre. Pure: the same structure gives the same positions. */
export function layoutGraph(nodes: readonly GraphNode[], edges: readonly GraphEdge[]): GraphLayout {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: "LR", nodesep: 18, ranksep: 44, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { ...NODE_SIZES[node.kind] });
  const known = new Set(nodes.map((node) => node.id));
  const drawn = edges.filter((edge) => known.has(edge.source) && known.has(edge.target));
  // A branch to an error result should not pull the main path's ranks around.
  for (const edge of drawn)
    graph.setEdge(edge.source, edge.target, { weight: edge.kind === "branch" ? 1 : 4 });
  dagre.layout(graph);
  return {
    key: describeStructure(nodes, edges),
    nodes: nodes.map((node) => {
      const { x, y, width, height } = graph.node(node.id) as {
        x: number;
        y: number;
        width: number;
        height: number;
      };
      return { id: node.id, kind: node.kind, x: x - width / 2, y: y - height / 2, width, height };
    }),
    edges: drawn,
  };
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

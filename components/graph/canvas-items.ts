import { MarkerType, type Edge, type Node } from "@xyflow/react";
import type { GraphLayout, PlacedEdge, PlacedNode } from "@/lib/trace/graph/layout";

/** What a turn's band shows: its number, how many calls it made, in how many batch groups. */
export interface BandData extends Record<string, unknown> {
  turn: number;
  calls: number;
  groups: number;
}

/** A bracket beside the lanes of one batch group. */
export interface GroupData extends Record<string, unknown> {
  calls: number;
  index: number;
  count: number;
}

export interface CanvasItems {
  nodes: Node[];
  edges: Edge[];
}

const MARKER = { type: MarkerType.ArrowClosed, width: 14, height: 14, color: "var(--graph-edge)" } as const;

const STATIC = {
  draggable: false,
  selectable: false,
  connectable: false,
  focusable: false,
} as const;

/**
 * React Flow's nodes and edges for the turns in the window: only those turns' nodes are handed to
 * the canvas, and a node or edge whose place did not change keeps its object from the last call,
 * so moving the window (a jump, a scroll) re-processes only what entered it.
 */
export function createCanvasItems(): (
  layout: GraphLayout,
  turns: readonly number[],
  labelEdge: (edge: PlacedEdge) => string,
) => CanvasItems {
  let nodeCache = new Map<string, Node>();
  let edgeCache = new Map<string, Edge>();
  const byTurn = new WeakMap<GraphLayout, Map<number, PlacedNode[]>>();

  const turnIndex = (layout: GraphLayout) => {
    let index = byTurn.get(layout);
    if (!index) {
      index = new Map();
      for (const node of layout.nodes) {
        const list = index.get(node.turn);
        if (list) list.push(node);
        else index.set(node.turn, [node]);
      }
      byTurn.set(layout, index);
    }
    return index;
  };

  return (layout, turns, labelEdge) => {
    const wanted = new Set(turns);
    const nextNodes = new Map<string, Node>();
    const nodes: Node[] = [];
    const keep = (node: Node) => {
      const before = nodeCache.get(node.id);
      const kept = before && isSameNode(before, node) ? before : node;
      nextNodes.set(kept.id, kept);
      nodes.push(kept);
    };
    for (const band of layout.turns) {
      if (!wanted.has(band.turn)) continue;
      const groups = layout.groups.filter((group) => group.turn === band.turn);
      keep({
        id: `band:${band.turn}`,
        type: "band",
        position: { x: band.x, y: band.y },
        width: band.width,
        height: band.height,
        data: {
          turn: band.turn,
          calls: band.lanes.length,
          groups: new Set(groups.map((group) => group.index)).size,
        } satisfies BandData,
        zIndex: -2,
        className: "graph-decoration",
        ...STATIC,
      });
      for (const group of groups)
        keep({
          id: `group:${band.turn}:${group.index}:${group.y}`,
          type: "lane-group",
          position: { x: group.x, y: group.y },
          width: group.width,
          height: group.height,
          data: { calls: group.calls, index: group.index, count: group.count } satisfies GroupData,
          zIndex: -1,
          className: "graph-decoration",
          ...STATIC,
        });
    }
    const index = turnIndex(layout);
    const shown = new Set<string>();
    for (const turn of turns)
      for (const node of index.get(turn) ?? []) {
        shown.add(node.id);
        keep({
          id: node.id,
          type: node.kind,
          position: { x: node.x, y: node.y },
          width: node.width,
          height: node.height,
          data: {},
          ...STATIC,
        });
      }
    const nextEdges = new Map<string, Edge>();
    const edges: Edge[] = [];
    for (const edge of layout.edges) {
      if (!shown.has(edge.source) || !shown.has(edge.target)) continue;
      const ariaLabel = labelEdge(edge);
      const before = edgeCache.get(edge.id);
      const kept: Edge =
        before &&
        samePoints(before.data?.points as PlacedEdge["points"], edge.points) &&
        before.ariaLabel === ariaLabel
          ? before
          : {
              id: edge.id,
              source: edge.source,
              target: edge.target,
              type: "graph",
              data: { kind: edge.kind, points: edge.points },
              markerEnd: MARKER,
              focusable: false,
              selectable: false,
              ariaLabel,
            };
      nextEdges.set(kept.id, kept);
      edges.push(kept);
    }
    nodeCache = nextNodes;
    edgeCache = nextEdges;
    return { nodes, edges };
  };
}

function isSameNode(a: Node, b: Node): boolean {
  return (
    a.type === b.type &&
    a.position.x === b.position.x &&
    a.position.y === b.position.y &&
    a.width === b.width &&
    a.height === b.height &&
    JSON.stringify(a.data) === JSON.stringify(b.data)
  );
}

function samePoints(a: PlacedEdge["points"] | undefined, b: PlacedEdge["points"]): boolean {
  return !!a && a.length === b.length && a.every((point, i) => point.x === b[i]!.x && point.y === b[i]!.y);
}

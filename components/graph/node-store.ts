import type { GraphNode } from "@/lib/trace/graph/types";

type Listener = () => void;

/**
 * The graph's node data, keyed by id, with one set of listeners per id: a node component reads
 * its own node through `useSyncExternalStore`, so when one node's status changes only that node
 * re-renders, never the graph. The selection lives here too, for the same reason.
 */
export interface GraphNodeStore {
  getNode(id: string): GraphNode | undefined;
  /** Every node, in graph order, as last set. */
  listNodes(): readonly GraphNode[];
  isSelected(id: string): boolean;
  subscribe(id: string, listener: Listener): () => void;
  /** Replaces the nodes; notifies only the ids whose node changed, appeared or disappeared. */
  setNodes(nodes: readonly GraphNode[]): void;
  setSelected(id: string | null): void;
}

/** Creates a store holding these nodes. */
export function createNodeStore(initial: readonly GraphNode[] = []): GraphNodeStore {
  let byId = new Map(initial.map((node) => [node.id, node]));
  let list: readonly GraphNode[] = initial;
  let selected: string | null = null;
  const listeners = new Map<string, Set<Listener>>();
  const notify = (id: string) => listeners.get(id)?.forEach((listener) => listener());

  return {
    getNode: (id) => byId.get(id),
    listNodes: () => list,
    isSelected: (id) => selected === id,
    subscribe(id, listener) {
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
      };
    },
    setNodes(nodes) {
      const next = new Map<string, GraphNode>();
      const changed: string[] = [];
      for (const node of nodes) {
        const before = byId.get(node.id);
        // Keep the old object when nothing shows a difference, so its snapshot stays the same.
        const kept = before && isSameNode(before, node) ? before : node;
        if (kept !== before) changed.push(node.id);
        next.set(node.id, kept);
      }
      for (const id of byId.keys()) if (!next.has(id)) changed.push(id);
      byId = next;
      list = nodes.map((node) => next.get(node.id)!);
      changed.forEach(notify);
    },
    setSelected(id) {
      if (id === selected) return;
      const before = selected;
      selected = id;
      if (before !== null) notify(before);
      if (id !== null) notify(id);
    },
  };
}

const COMPARED = [
  "status",
  "label",
  "detail",
  "paused",
  "tokens",
  "wireEvents",
  "streamBlocks",
  "stopReason",
  "cut",
  "input",
  "output",
  "ms",
  "errorKind",
] as const satisfies readonly (keyof GraphNode)[];

/** Whether two versions of a node show the same thing (structure fields never change for an id). */
export function isSameNode(a: GraphNode, b: GraphNode): boolean {
  if (a === b) return true;
  if (COMPARED.some((key) => a[key] !== b[key])) return false;
  return a.seqs.length === b.seqs.length && a.seqs.every((seq, index) => seq === b.seqs[index]);
}

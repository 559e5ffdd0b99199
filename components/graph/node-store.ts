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

/**
 * Whether two versions of a node show the same thing, compared shallowly as React Flow's and
 * zustand's `shallow` compare: the same keys, each value `Object.is`, and a value that is an
 * array or a plain object (`seqs`) compared one level down the same way. Every field counts, so a
 * field added to a node type later updates its node without being listed here. A key whose value
 * is `undefined` counts as absent (the projection clears some fields by setting them so).
 */
export function isSameNode(a: GraphNode, b: GraphNode): boolean {
  return a === b || isShallowEqual(a, b, true);
}

function isShallowEqual(a: unknown, b: unknown, nested: boolean): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => isSameValue(item, b[index], nested));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = definedKeys(a);
  if (keys.length !== definedKeys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && isSameValue(a[key], b[key], nested));
}

/** One value of a node: `Object.is`, or (one level below the node only) a shallow comparison. */
function isSameValue(a: unknown, b: unknown, nested: boolean): boolean {
  return Object.is(a, b) || (nested && isShallowEqual(a, b, false));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

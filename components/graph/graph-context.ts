"use client";

import { createContext, useCallback, useContext, useSyncExternalStore } from "react";
import type { GraphNode } from "@/lib/trace/graph/types";
import type { GraphNodeStore } from "./node-store";

export interface GraphContextValue {
  store: GraphNodeStore;
  /** Selects a node (by click or Enter); stable for the graph's life. */
  select(id: string): void;
}

export const GraphContext = createContext<GraphContextValue | null>(null);

function useGraphContext(): GraphContextValue {
  const value = useContext(GraphContext);
  if (!value) throw new Error("Graph nodes render inside <FlowGraph>.");
  return value;
}

/** One node's data, by id; re-renders only when that node changes. */
export function useGraphNode(id: string): GraphNode | undefined {
  const { store } = useGraphContext();
  const subscribe = useCallback((listener: () => void) => store.subscribe(id, listener), [store, id]);
  const read = useCallback(() => store.getNode(id), [store, id]);
  return useSyncExternalStore(subscribe, read, read);
}

/** Whether this node is the selected one; re-renders only when that changes for this node. */
export function useIsSelected(id: string): boolean {
  const { store } = useGraphContext();
  const subscribe = useCallback((listener: () => void) => store.subscribe(id, listener), [store, id]);
  const read = useCallback(() => store.isSelected(id), [store, id]);
  return useSyncExternalStore(subscribe, read, read);
}

/** The function a node calls to select itself. */
export function useSelectNode(): (id: string) => void {
  return useGraphContext().select;
}

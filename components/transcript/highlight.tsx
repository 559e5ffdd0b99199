import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";

/**
 * Which tool call id is hovered or focused. A tiny store rather than React state at the top, so
 * that moving between blocks re-renders only the blocks whose highlight actually changes.
 */
interface HighlightStore {
  get(): string | null;
  set(id: string | null): void;
  subscribe(listener: () => void): () => void;
}

function createHighlightStore(): HighlightStore {
  let active: string | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => active,
    set(id) {
      if (id === active) return;
      active = id;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const HighlightContext = createContext<HighlightStore | null>(null);

export function HighlightProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createHighlightStore);
  return <HighlightContext.Provider value={store}>{children}</HighlightContext.Provider>;
}

/**
 * Whether the pair `id` belongs to is highlighted, and the handlers that highlight it. Focus
 * events bubble in React, so focusing anything inside the block counts.
 */
export function usePairHighlight(id: string) {
  const store = useContext(HighlightContext);
  if (!store) throw new Error("usePairHighlight needs a <HighlightProvider>");
  const active = useSyncExternalStore(
    store.subscribe,
    () => store.get() === id,
    () => false,
  );
  const handlers = useMemo(
    () => ({
      onMouseEnter: () => store.set(id),
      onMouseLeave: () => store.set(null),
      onFocus: () => store.set(id),
      onBlur: () => store.set(null),
    }),
    [store, id],
  );
  return { active, handlers };
}

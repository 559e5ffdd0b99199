import { useCallback } from "react";
import { useStoredValue } from "./use-stored-value";

/** The debugger's pane sizes, as fractions of the pane area (the middle column takes the rest). */
export interface PaneSizes {
  /** Width of the transcript column. */
  left: number;
  /** Width of the detail column. */
  right: number;
  /** Height of the graph, as a fraction of the middle column (the stream panel takes the rest). */
  graph: number;
}

export const PANE_LIMITS = {
  left: { min: 0.18, max: 0.5 },
  right: { min: 0.14, max: 0.4 },
  graph: { min: 0.15, max: 0.85 },
} as const satisfies Record<keyof PaneSizes, { min: number; max: number }>;

/** The middle column never gets narrower than this. */
const MIDDLE_MIN = 0.25;
const LAYOUT_KEY = "toolscope.layout.v1";
const DEFAULT_SIZES: PaneSizes = Object.freeze({ left: 0.28, right: 0.2, graph: 0.58 });

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Fits sizes in their limits, leaving the middle column at least its minimum. */
function fitSizes(sizes: PaneSizes): PaneSizes {
  const left = clamp(sizes.left, PANE_LIMITS.left.min, PANE_LIMITS.left.max);
  const right = clamp(
    sizes.right,
    PANE_LIMITS.right.min,
    Math.min(PANE_LIMITS.right.max, 1 - MIDDLE_MIN - left),
  );
  return { left, right, graph: clamp(sizes.graph, PANE_LIMITS.graph.min, PANE_LIMITS.graph.max) };
}

function parseSizes(value: unknown): PaneSizes | null {
  if (typeof value !== "object" || value === null) return null;
  const { left, right, graph } = value as Record<string, unknown>;
  if (typeof left !== "number" || typeof right !== "number" || typeof graph !== "number") return null;
  return fitSizes({ left, right, graph });
}

/** The pane sizes, remembered in localStorage; `resize` fits what it is given in the limits. */
export function usePaneSizes(): [PaneSizes, (change: Partial<PaneSizes>) => void] {
  const [sizes, setSizes] = useStoredValue(LAYOUT_KEY, DEFAULT_SIZES, parseSizes);
  const resize = useCallback(
    (change: Partial<PaneSizes>) => setSizes(fitSizes({ ...sizes, ...change })),
    [sizes, setSizes],
  );
  return [sizes, resize];
}

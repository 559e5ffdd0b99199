"use client";

import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React owns the page. A control that
 * acts through React (not a plain form) stays disabled until then, so a click that lands before
 * hydration is refused visibly instead of being lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

import { useCallback, useSyncExternalStore } from "react";

/**
 * A value kept in `localStorage` (layout sizes, the theme), read through `useSyncExternalStore`:
 * the server render and hydration use `fallback`, then the stored value takes over without a
 * hydration mismatch. Every hook on the same key sees a write at once (and other tabs do too).
 */
const listeners = new Map<string, Set<() => void>>();
/** key → the raw text last read and its parse, so a snapshot keeps its identity until it changes. */
const snapshots = new Map<string, { raw: string | null; value: unknown }>();

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function notify(key: string) {
  for (const listener of listeners.get(key) ?? []) listener();
}

/** Stores `value` as JSON under `key` (storage may be full or disabled: then only this page knows). */
export function writeStoredValue(key: string, value: unknown): void {
  const raw = JSON.stringify(value);
  snapshots.set(key, { raw, value });
  try {
    window.localStorage.setItem(key, raw);
  } catch (error) {
    console.warn(`Toolscope: could not remember ${key}`, error);
  }
  notify(key);
}

/**
 * The value stored under `key`, parsed by `parse` (which returns `null` for anything it does not
 * accept), or `fallback`. `parse` and `fallback` must be stable (module-level) values.
 */
export function useStoredValue<T>(
  key: string,
  fallback: T,
  parse: (value: unknown) => T | null,
): [T, (value: T) => void] {
  const subscribe = useCallback(
    (listener: () => void) => {
      const set = listeners.get(key) ?? new Set();
      set.add(listener);
      listeners.set(key, set);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key) listener();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        set.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
    [key],
  );
  const getSnapshot = useCallback((): T => {
    const raw = readRaw(key);
    const cached = snapshots.get(key);
    if (cached && cached.raw === raw) return cached.value as T;
    let value: T = fallback;
    if (raw !== null) {
      try {
        value = parse(JSON.parse(raw)) ?? fallback;
      } catch {
        value = fallback;
      }
    }
    snapshots.set(key, { raw, value });
    return value;
  }, [key, fallback, parse]);
  const value = useSyncExternalStore(subscribe, getSnapshot, () => fallback);
  const setValue = useCallback((next: T) => writeStoredValue(key, next), [key]);
  return [value, setValue];
}

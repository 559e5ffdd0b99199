/**
 * A bounded map that forgets the least recently used entry first. Reading an entry counts as a
 * use. `onEvict` is told about each entry pushed out (not about entries replaced by `set`).
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly maxEntries: number,
    private readonly onEvict: (key: K, value: V) => void = () => undefined,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1)
      throw new RangeError("maxEntries must be at least 1");
  }

  /** How many entries are held (never more than `maxEntries`). */
  get size(): number {
    return this.entries.size;
  }

  /** The value for `key`, which becomes the most recently used; `undefined` when absent. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    // A Map iterates in insertion order, so re-inserting moves the key to the young end.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores `value` as the most recently used, evicting the oldest entries beyond the bound. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      const evicted = this.entries.get(oldest.value) as V;
      this.entries.delete(oldest.value);
      this.onEvict(oldest.value, evicted);
    }
  }

  /** Forgets every entry, telling `onEvict` about each. */
  clear(): void {
    for (const [key, value] of [...this.entries]) {
      this.entries.delete(key);
      this.onEvict(key, value);
    }
  }
}

import { describe, expect, it } from "vitest";
import { LruCache } from "./lru-cache";

describe("LruCache", () => {
  it("evicts the least recently used entry beyond its bound, telling onEvict", () => {
    const evicted: string[] = [];
    const cache = new LruCache<string, number>(2, (key, value) => evicted.push(`${key}=${value}`));
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // now "b" is the oldest
    cache.set("c", 3);
    expect(evicted).toEqual(["b=2"]);
    expect(cache.size).toBe(2);
    expect(cache.get("b")).toBeUndefined();
    expect([cache.get("a"), cache.get("c")]).toEqual([1, 3]);
  });

  it("replaces a value in place without calling onEvict", () => {
    const evicted: string[] = [];
    const cache = new LruCache<string, number>(2, (key) => evicted.push(key));
    cache.set("a", 1);
    cache.set("a", 2);
    expect([cache.get("a"), cache.size, evicted]).toEqual([2, 1, []]);
  });

  it("tells onEvict about every entry on clear", () => {
    const evicted: string[] = [];
    const cache = new LruCache<string, number>(3, (key) => evicted.push(key));
    cache.set("a", 1);
    cache.set("b", 2);
    cache.clear();
    expect([cache.size, evicted]).toEqual([0, ["a", "b"]]);
  });

  it("refuses a bound below 1", () => {
    expect(() => new LruCache(0)).toThrow(new RangeError("maxEntries must be at least 1"));
  });
});

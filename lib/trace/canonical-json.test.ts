import { describe, expect, it } from "vitest";
import { canonicalizeValue } from "./canonical-json";

describe("canonicalizeValue", () => {
  it("sorts keys and writes JSON", () => {
    expect(canonicalizeValue({ b: 1, a: [true, null, "x"] })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(canonicalizeValue(undefined)).toBe("null");
    expect(canonicalizeValue({ a: undefined, b: Number.NaN })).toBe('{"b":null}');
    expect(canonicalizeValue([undefined])).toBe("[null]");
  });

  it("never throws on a cycle or a bigint", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(canonicalizeValue(cyclic)).toBe('{"a":1,"self":"[cycle]"}');
    expect(canonicalizeValue({ n: 10n })).toBe('{"n":"10"}');
    const shared = { x: 1 };
    expect(canonicalizeValue([shared, shared])).toBe('[{"x":1},{"x":1}]');
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalizeJson, hashFnv1a64 } from "./schema-key";

/** The textbook FNV-1a 64 in bigint, over UTF-16 code units, to check the 16-bit-limb version. */
function referenceFnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let index = 0; index < text.length; index++) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, "0");
}

describe("canonicalizeJson", () => {
  it("sorts object keys at every depth and keeps array order", () => {
    expect(canonicalizeJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
  });

  it("writes what JSON.stringify writes, apart from key order", () => {
    expect(canonicalizeJson({ u: undefined, f: () => 1, n: NaN, s: "é\n" })).toBe('{"n":null,"s":"é\\n"}');
    expect(canonicalizeJson([undefined, Infinity])).toBe("[null,null]");
    expect(canonicalizeJson(true)).toBe("true");
    expect(canonicalizeJson({ [Symbol("TypeBox.Kind")]: "Object", a: 1 })).toBe('{"a":1}');
  });

  it("gives the same text for the same schema with its keys reordered", () => {
    const one = {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "integer" } },
      required: ["a"],
    };
    const two = {
      required: ["a"],
      properties: { b: { type: "integer" }, a: { type: "string" } },
      type: "object",
    };
    expect(canonicalizeJson(one)).toBe(canonicalizeJson(two));
  });

  it("reads back as JSON.stringify would have written it, for any JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalizeJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("throws a TypeError on a cycle, as JSON.stringify does", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalizeJson(cyclic)).toThrow(new TypeError("the value contains a cycle"));
    const shared = { x: 1 };
    expect(canonicalizeJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
  });
});

describe("hashFnv1a64", () => {
  it("matches the published FNV-1a 64 test vectors", () => {
    expect(hashFnv1a64("")).toBe("cbf29ce484222325");
    expect(hashFnv1a64("a")).toBe("af63dc4c8601ec8c");
    expect(hashFnv1a64("foobar")).toBe("85944171f73967e8");
  });

  it("agrees with a bigint implementation on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(hashFnv1a64(text)).toBe(referenceFnv1a64(text));
      }),
    );
  });
});

import { describe, expect, it } from "vitest";
import { findPointerRange, splitPointerSegments } from "./json-pointer-range";

const TEXT = `{
  "name": "read_notes",
  "input_schema": {
    "type": "object",
    "properies": { "path": { "type": "string" } },
    "required": ["path", "mode"]
  }
}`;

/** The text a range covers. */
function cover(text: string, pointer: string) {
  const range = findPointerRange(text, pointer);
  return range === null ? null : { text: text.slice(range.start, range.end), exact: range.exact };
}

describe("findPointerRange maps a JSON Pointer to the text an editor marks", () => {
  it("marks an object member by its key", () => {
    expect(cover(TEXT, "/input_schema/properies")).toEqual({ text: '"properies"', exact: true });
    expect(cover(TEXT, "/name")).toEqual({ text: '"name"', exact: true });
  });

  it("follows nested members", () => {
    expect(cover(TEXT, "/input_schema/properies/path/type")).toEqual({ text: '"type"', exact: true });
  });

  it("marks an array item by its value", () => {
    expect(cover(TEXT, "/input_schema/required/1")).toEqual({ text: '"mode"', exact: true });
  });

  it("marks the root by its opening brace", () => {
    expect(cover(TEXT, "")).toEqual({ text: "{", exact: true });
  });

  it("falls back to the nearest existing ancestor, inexactly", () => {
    expect(cover(TEXT, "/description")).toEqual({ text: "{", exact: false });
    expect(cover(TEXT, "/input_schema/properties/path")).toEqual({ text: '"input_schema"', exact: false });
    expect(cover(TEXT, "/input_schema/required/7")).toEqual({ text: '"required"', exact: false });
    expect(cover(TEXT, "/input_schema/type/0")).toEqual({ text: '"type"', exact: false });
  });

  it("reads escaped segments and escaped keys", () => {
    const text = '{"a/b": {"c~d": 1}, "q\\"uote": 2}';
    expect(cover(text, "/a~1b/c~0d")).toEqual({ text: '"c~d"', exact: true });
    expect(cover(text, '/q"uote')).toEqual({ text: '"q\\"uote"', exact: true });
  });

  it("resolves a repeated key to its last copy, as JSON.parse does", () => {
    const text = '{"k": 1, "k": 2}';
    const range = findPointerRange(text, "/k");
    expect(range).toEqual({ start: 9, end: 12, exact: true });
  });

  it("does not treat a property named with digits in an object as an index, nor a leading zero as one", () => {
    expect(cover('{"0": true}', "/0")).toEqual({ text: '"0"', exact: true });
    expect(cover("[true, false]", "/01")).toEqual({ text: "[", exact: false });
    expect(cover("[true, false]", "/1")).toEqual({ text: "false", exact: true });
  });

  it("returns null for text that is not JSON", () => {
    expect(findPointerRange('{"name": ', "/name")).toBeNull();
    expect(findPointerRange('{"a": 1} x', "/a")).toBeNull();
    expect(findPointerRange("{'a': 1}", "/a")).toBeNull();
    expect(findPointerRange('{"a": 1,}', "/a")).toBeNull();
    expect(findPointerRange("", "")).toBeNull();
  });

  it("reads scalars of every kind", () => {
    const text = '[-1.5e3, true, null, "x", {}, []]';
    expect([0, 1, 2, 3, 4, 5].map((index) => cover(text, `/${index}`)?.text)).toEqual([
      "-1.5e3",
      "true",
      "null",
      '"x"',
      "{}",
      "[]",
    ]);
  });
});

describe("splitPointerSegments", () => {
  it("splits and unescapes", () => {
    expect(splitPointerSegments("")).toEqual([]);
    expect(splitPointerSegments("/")).toEqual([""]);
    expect(splitPointerSegments("/a~1b/~01")).toEqual(["a/b", "~1"]);
  });
});

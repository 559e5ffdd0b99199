import { describe, expect, it } from "vitest";
import { formatPointer, parsePointer, readPointer } from "./pointer";

const DOC = {
  foo: ["bar", "baz"],
  "": 0,
  "a/b": 1,
  "c%d": 2,
  "e^f": 3,
  "g|h": 4,
  "i\\j": 5,
  'k"l': 6,
  " ": 7,
  "m~n": 8,
  nested: { deep: { value: null } },
};

describe("readPointer", () => {
  it("reads every example of RFC 6901 section 5", () => {
    const cases: [string, unknown][] = [
      ["", DOC],
      ["/foo", ["bar", "baz"]],
      ["/foo/0", "bar"],
      ["/", 0],
      ["/a~1b", 1],
      ["/c%d", 2],
      ["/e^f", 3],
      ["/g|h", 4],
      ["/i\\j", 5],
      ['/k"l', 6],
      ["/ ", 7],
      ["/m~0n", 8],
    ];
    for (const [pointer, value] of cases) expect(readPointer(DOC, pointer)).toEqual({ found: true, value });
  });

  it("finds a null value, which is not the same as not found", () => {
    expect(readPointer(DOC, "/nested/deep/value")).toEqual({ found: true, value: null });
    expect(readPointer(DOC, "/nested/deep/other")).toEqual({ found: false });
  });

  it("reads array indices only in canonical form and in range", () => {
    expect(readPointer(DOC, "/foo/1")).toEqual({ found: true, value: "baz" });
    expect(readPointer(DOC, "/foo/2")).toEqual({ found: false });
    expect(readPointer(DOC, "/foo/01")).toEqual({ found: false });
    expect(readPointer(DOC, "/foo/-")).toEqual({ found: false });
    expect(readPointer(DOC, "/foo/length")).toEqual({ found: false });
  });

  it("never walks the prototype", () => {
    expect(readPointer({}, "/__proto__")).toEqual({ found: false });
    expect(readPointer({}, "/constructor")).toEqual({ found: false });
    expect(readPointer({}, "/toString")).toEqual({ found: false });
    expect(readPointer({}, "/__proto__/polluted")).toEqual({ found: false });
    const own = JSON.parse('{"__proto__": {"x": 1}}') as unknown;
    expect(readPointer(own, "/__proto__/x")).toEqual({ found: true, value: 1 });
  });

  it("does not step into strings or numbers", () => {
    expect(readPointer({ s: "abc" }, "/s/0")).toEqual({ found: false });
    expect(readPointer({ s: "abc" }, "/s/length")).toEqual({ found: false });
    expect(readPointer(5, "/x")).toEqual({ found: false });
  });

  it("returns not found for a malformed pointer", () => {
    expect(readPointer(DOC, "foo")).toEqual({ found: false });
    expect(readPointer(DOC, "/m~2n")).toEqual({ found: false });
    expect(readPointer(DOC, "/m~")).toEqual({ found: false });
  });
});

describe("parsePointer and formatPointer", () => {
  it("unescapes ~1 before ~0, so ~01 is a literal ~1", () => {
    expect(parsePointer("/~01")).toEqual(["~1"]);
    expect(parsePointer("/a~1b/~0")).toEqual(["a/b", "~"]);
    expect(parsePointer("")).toEqual([]);
    expect(parsePointer("x")).toBeNull();
  });

  it("round-trips tokens with slashes and tildes", () => {
    const tokens = ["a/b", "~1", "", "plain"];
    expect(formatPointer(tokens)).toBe("/a~1b/~01//plain");
    expect(parsePointer(formatPointer(tokens))).toEqual(tokens);
  });
});

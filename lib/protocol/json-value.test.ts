import { describe, expect, it } from "vitest";
import { freezeDeep, isRecord, parseJson, readString, tryParseJson } from "./json-value";

describe("isRecord accepts plain objects only", () => {
  it.each([
    [{}, true],
    [{ a: 1 }, true],
    [Object.create(null) as object, true],
    [[], false],
    [null, false],
    [undefined, false],
    ["{}", false],
    [3, false],
  ])("%j → %s", (value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});

describe("readString", () => {
  it("returns a string as is, anything else as undefined", () => {
    expect(readString("")).toBe("");
    expect(readString("a")).toBe("a");
    expect(readString(1)).toBeUndefined();
    expect(readString(null)).toBeUndefined();
    expect(readString(["a"])).toBeUndefined();
  });
});

describe("parseJson", () => {
  it("parses JSON and gives undefined for text that is not JSON", () => {
    expect(parseJson('{"a":[1,null]}')).toEqual({ a: [1, null] });
    expect(parseJson("null")).toBeNull();
    expect(parseJson("{")).toBeUndefined();
    expect(parseJson("")).toBeUndefined();
  });
});

describe("tryParseJson", () => {
  it("returns the value, or the parser's message", () => {
    expect(tryParseJson("[1]")).toEqual({ ok: true, value: [1] });
    const failed = tryParseJson("{x");
    expect(failed.ok).toBe(false);
    if (!failed.ok) expect(failed.error).toMatch(/JSON/);
  });
});

describe("freezeDeep", () => {
  it("freezes every nested object and array and returns the same value", () => {
    const value = { a: { b: [1, { c: 2 }] } };
    expect(freezeDeep(value)).toBe(value);
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.a)).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
    expect(Object.isFrozen(value.a.b[1])).toBe(true);
  });

  it("leaves primitives alone", () => {
    expect(freezeDeep("x")).toBe("x");
    expect(freezeDeep(null)).toBeNull();
  });
});

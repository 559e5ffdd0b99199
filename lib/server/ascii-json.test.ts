import { describe, expect, it } from "vitest";
import { asciiJson } from "./ascii-json";

const values: unknown[] = [
  "plain",
  "café → naïve … “quotes”",
  "emoji 😀 and 𝄞 (surrogate pairs)",
  "lone \ud800 and \udfff surrogates",
  "\u0080\u00ff\u0100\u07ff\u0800\uffff",
  'control \u0000\u001f and \\ " /',
  { "kéy ✓": ["ü", 1, null, true, { 日本: "語" }] },
  [],
  42,
];

describe("asciiJson", () => {
  it("writes only ASCII and parses back to the same value", () => {
    for (const value of values) {
      const text = asciiJson(JSON.stringify(value));
      expect(text).toMatch(/^[\x00-\x7f]*$/);
      expect(JSON.parse(text)).toEqual(value);
    }
  });

  it("leaves an ASCII text as it is (the same string)", () => {
    const text = JSON.stringify({ a: "b", c: [1, 2, "\\u00e9 stays an escape"] });
    expect(asciiJson(text)).toBe(text);
  });

  it("escapes each code unit with four lowercase hex digits", () => {
    expect(asciiJson('"é😀"')).toBe('"\\u00e9\\ud83d\\ude00"');
  });
});

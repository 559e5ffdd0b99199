import { describe, expect, it } from "vitest";
import { isKnownKeyword, measureEditDistance, suggestKeyword } from "./keywords";

describe("suggestKeyword", () => {
  it("suggests the nearest keyword for typos, case slips and transpositions", () => {
    expect(suggestKeyword("require")).toBe("required");
    expect(suggestKeyword("properies")).toBe("properties");
    expect(suggestKeyword("minLenght")).toBe("minLength");
    expect(suggestKeyword("additionalproperties")).toBe("additionalProperties");
    expect(suggestKeyword("enums")).toBe("enum");
    expect(suggestKeyword("id")).toBe("$id");
  });

  it("suggests nothing for words far from every keyword", () => {
    expect(suggestKeyword("colour")).toBeUndefined();
    expect(suggestKeyword("foo")).toBeUndefined();
    expect(suggestKeyword("")).toBeUndefined();
  });
});

describe("isKnownKeyword", () => {
  it("knows 2020-12, draft-07 and common annotation keywords, and x- extensions", () => {
    expect(
      ["prefixItems", "definitions", "dependencies", "nullable", "x-anything"].map(isKnownKeyword),
    ).toEqual([true, true, true, true, true]);
    expect(isKnownKeyword("require")).toBe(false);
    expect(isKnownKeyword("constructor")).toBe(false);
  });
});

describe("measureEditDistance", () => {
  it("counts insertions, deletions, substitutions and adjacent transpositions", () => {
    expect(measureEditDistance("kitten", "sitting")).toBe(3);
    expect(measureEditDistance("ab", "ba")).toBe(1);
    expect(measureEditDistance("", "abc")).toBe(3);
    expect(measureEditDistance("same", "same")).toBe(0);
  });

  it("stops past the limit", () => {
    expect(measureEditDistance("abcdef", "uvwxyz", 2)).toBe(3);
    expect(measureEditDistance("a", "abcdefgh", 2)).toBe(3);
  });
});

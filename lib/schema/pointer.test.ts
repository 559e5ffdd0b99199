import { describe, expect, it } from "vitest";
import { describeValue, formatFieldName, readAtPointer, splitPointer } from "./pointer";

describe("JSON Pointers", () => {
  const document = { filter: { tags: ["a", "b", "c"], "2": "two" }, "a/b~c": 1, list: [{ name: "x" }] };

  it("splits and unescapes segments", () => {
    expect(splitPointer("")).toEqual([]);
    expect(splitPointer("/a~1b~0c/0")).toEqual(["a/b~c", "0"]);
  });

  it("reads the value at a pointer, or undefined", () => {
    expect(readAtPointer(document, "/filter/tags/2")).toBe("c");
    expect(readAtPointer(document, "/a~1b~0c")).toBe(1);
    expect(readAtPointer(document, "/filter/tags/9")).toBeUndefined();
    expect(readAtPointer(document, "/filter/tags/01")).toBeUndefined();
    expect(readAtPointer(document, "/__proto__")).toBeUndefined();
  });

  it("names fields as code would, telling indexes from digit names", () => {
    expect(formatFieldName("/filter/tags/2", document)).toBe("filter.tags[2]");
    expect(formatFieldName("/filter/2", document)).toBe('filter["2"]');
    expect(formatFieldName("/list/0/name", document)).toBe("list[0].name");
    expect(formatFieldName("/a~1b~0c", document)).toBe('["a/b~c"]');
    expect(formatFieldName("/0/max-results", [{}])).toBe("[0].max-results");
    expect(formatFieldName("", document)).toBe("");
  });

  it("describes values briefly", () => {
    expect(["3", 3, true, null, [], {}, undefined].map(describeValue)).toEqual([
      'string "3"',
      "number 3",
      "boolean true",
      "null",
      "an array",
      "an object",
      "nothing",
    ]);
    expect(describeValue("x".repeat(50))).toBe(`string "${"x".repeat(40)}…"`);
  });
});

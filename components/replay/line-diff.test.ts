import { describe, expect, it } from "vitest";
import { diffLines, isUnchanged, splitLines } from "./line-diff";

describe("splitLines", () => {
  it("gives no lines for an empty text", () => {
    expect(splitLines("")).toEqual([]);
  });

  it("drops the empty line after a final newline and accepts CRLF", () => {
    expect(splitLines("a\r\nb\n")).toEqual(["a", "b"]);
  });

  it("keeps inner empty lines", () => {
    expect(splitLines("a\n\nb")).toEqual(["a", "", "b"]);
  });
});

describe("diffLines", () => {
  it("marks every line same for equal texts", () => {
    const diff = diffLines("a\nb", "a\nb");
    expect(diff).toEqual([
      { kind: "same", text: "a" },
      { kind: "same", text: "b" },
    ]);
    expect(isUnchanged(diff)).toBe(true);
  });

  it("puts removals before additions where a line was replaced", () => {
    expect(diffLines("# Todo\n- milk", "# Ideas\n- milk")).toEqual([
      { kind: "removed", text: "# Todo" },
      { kind: "added", text: "# Ideas" },
      { kind: "same", text: "- milk" },
    ]);
  });

  it("finds the longest common subsequence in the middle", () => {
    expect(diffLines("a\nb\nc\nd\ne", "a\nc\nx\nd\ne")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "same", text: "c" },
      { kind: "added", text: "x" },
      { kind: "same", text: "d" },
      { kind: "same", text: "e" },
    ]);
  });

  it("treats an empty side as all additions or all removals", () => {
    expect(diffLines("", "x\ny")).toEqual([
      { kind: "added", text: "x" },
      { kind: "added", text: "y" },
    ]);
    expect(diffLines("x", "")).toEqual([{ kind: "removed", text: "x" }]);
    expect(isUnchanged(diffLines("x", ""))).toBe(false);
  });

  it("keeps every line of both sides exactly once, in order", () => {
    const before = "1\n2\n3\n4\n5\n6";
    const after = "0\n2\n4\n3\n6\n7";
    const diff = diffLines(before, after);
    const left = diff.filter((line) => line.kind !== "added").map((line) => line.text);
    const right = diff.filter((line) => line.kind !== "removed").map((line) => line.text);
    expect(left).toEqual(splitLines(before));
    expect(right).toEqual(splitLines(after));
    expect(diff.filter((line) => line.kind === "same").map((line) => line.text)).toEqual(["2", "4", "6"]);
  });
});

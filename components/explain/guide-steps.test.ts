import { describe, expect, it } from "vitest";
import { clampIndex, describePhase, parseStoredIndex, stepBack, stepForward } from "./guide-steps";

describe("guide navigation", () => {
  it("walks intro → steps → done with Next and stops there", () => {
    const walk = [-1];
    for (let i = 0; i < 5; i++) walk.push(stepForward(walk.at(-1)!, 3));
    expect(walk).toEqual([-1, 0, 1, 2, 3, 3]);
    expect(walk.map((index) => describePhase(index, 3))).toEqual([
      "intro",
      "step",
      "step",
      "step",
      "done",
      "done",
    ]);
  });

  it("walks back to the intro and stops there", () => {
    expect([3, 2, 1, 0, -1].map((index) => stepBack(index, 3))).toEqual([2, 1, 0, -1, -1]);
  });

  it("clamps stored positions into the lesson", () => {
    expect(clampIndex(9, 3)).toBe(3);
    expect(clampIndex(-4, 3)).toBe(-1);
    expect(clampIndex(1.5, 3)).toBe(-1);
    expect(describePhase(0, 0)).toBe("done");
  });

  it("accepts only whole numbers from storage", () => {
    expect(parseStoredIndex(2)).toBe(2);
    expect(parseStoredIndex("2")).toBeNull();
    expect(parseStoredIndex(null)).toBeNull();
  });
});

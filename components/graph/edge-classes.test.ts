import { describe, expect, it } from "vitest";
import { describeEdgeClasses } from "./edge-classes";

describe("describeEdgeClasses", () => {
  it("animates an edge while its target runs or waits", () => {
    expect(describeEdgeClasses(false, "ok", "running")).toBe("graph-edge is-running is-taken");
    expect(describeEdgeClasses(false, "ok", "waiting")).toBe("graph-edge is-running is-taken");
    expect(describeEdgeClasses(false, "running", "pending")).toBe("graph-edge");
  });

  it("marks a branch taken only when its error result was reached", () => {
    expect(describeEdgeClasses(true, "error", "error")).toBe("graph-edge graph-edge-branch is-taken");
    expect(describeEdgeClasses(true, "ok", "skipped")).toBe("graph-edge graph-edge-branch");
    expect(describeEdgeClasses(false, "ok", undefined)).toBe("graph-edge");
  });
});

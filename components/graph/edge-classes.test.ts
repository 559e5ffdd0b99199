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
    expect(describeEdgeClasses(true, "blocked", "error")).toBe("graph-edge graph-edge-branch is-taken");
    expect(describeEdgeClasses(true, "ok", "skipped")).toBe("graph-edge graph-edge-branch");
    expect(describeEdgeClasses(false, "ok", undefined)).toBe("graph-edge");
  });

  it("takes a branch only from the stage that failed: passed stages and aborted siblings are bypassed", () => {
    // The failing call: lookup passed, validate failed; only validate's branch turns red.
    expect(describeEdgeClasses(true, "ok", "error")).toBe("graph-edge graph-edge-branch is-bypassed");
    expect(describeEdgeClasses(true, "error", "error")).toContain("is-taken");
    // A sibling aborted by the batch: every stage it reached passed, so no branch of it is red.
    expect(describeEdgeClasses(true, "ok", "error")).not.toContain("is-taken");
    expect(describeEdgeClasses(false, "ok", "ok")).toBe("graph-edge is-taken");
  });
});

import { describe, expect, it } from "vitest";
import { explainMeta } from "./explain-meta";

describe("explainMeta says where a tool's metadata came from and what it does", () => {
  it("an unannotated tool takes every MCP default: destructive and open-world, so it needs approval", () => {
    expect(explainMeta(undefined, { destructive: true })).toEqual({
      unannotated: true,
      hints: [
        { hint: "readOnlyHint", value: false, from: "default" },
        { hint: "destructiveHint", value: true, from: "default" },
        { hint: "idempotentHint", value: false, from: "default" },
        { hint: "openWorldHint", value: true, from: "default" },
      ],
      effects: ["approval", "sequential"],
    });
  });

  it("a read-only tool the server annotated runs in parallel and asks nobody", () => {
    const result = explainMeta(
      { title: "Read", readOnlyHint: true, openWorldHint: false },
      { readOnly: true, concurrencySafe: true, idempotent: true },
    );
    expect(result.unannotated).toBe(false);
    expect(result.hints).toEqual([
      { hint: "readOnlyHint", value: true, from: "server" },
      { hint: "destructiveHint", value: true, from: "default" },
      { hint: "idempotentHint", value: false, from: "default" },
      { hint: "openWorldHint", value: false, from: "server" },
    ]);
    expect(result.effects).toEqual(["parallel", "retrySafe"]);
  });

  it("annotations with only a title count as none", () => {
    expect(explainMeta({ title: "T" }, {}).unannotated).toBe(true);
    expect(explainMeta({ title: "T" }, {}).effects).toEqual(["sequential"]);
    expect(explainMeta({}, { needsApproval: true }).effects).toEqual(["approval", "sequential"]);
  });
});

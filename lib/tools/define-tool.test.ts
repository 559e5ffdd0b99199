import { describe, expect, it } from "vitest";
import { DEFAULT_TIMEOUT_MS, defineTool, resolveToolMeta } from "./define-tool";
import { META_COLUMNS } from "./metadata-table";

describe("resolveToolMeta fills in what a tool does not declare", () => {
  it("assumes the riskiest tool when nothing is declared", () => {
    expect(resolveToolMeta()).toEqual({
      readOnly: false,
      destructive: true,
      idempotent: false,
      concurrencySafe: false,
      needsApproval: true,
      timeoutMs: DEFAULT_TIMEOUT_MS,
    });
  });

  it("makes a read-only tool non-destructive, repeatable, parallel and approval-free", () => {
    expect(resolveToolMeta({ readOnly: true })).toEqual({
      readOnly: true,
      destructive: false,
      idempotent: true,
      concurrencySafe: true,
      needsApproval: false,
      timeoutMs: DEFAULT_TIMEOUT_MS,
    });
  });

  it("asks for approval exactly when a tool is destructive, unless it says otherwise", () => {
    expect(resolveToolMeta({ destructive: false }).needsApproval).toBe(false);
    expect(resolveToolMeta({ readOnly: true, destructive: true }).needsApproval).toBe(true);
    expect(resolveToolMeta({ needsApproval: false }).needsApproval).toBe(false);
  });

  it("keeps every declared field over its default", () => {
    const declared = {
      readOnly: true,
      destructive: true,
      idempotent: false,
      concurrencySafe: false,
      needsApproval: false,
      timeoutMs: 1,
    };
    expect(resolveToolMeta(declared)).toEqual(declared);
  });

  it("lists the fields in docs/architecture.md's order", () => {
    expect(Object.keys(resolveToolMeta({ timeoutMs: 10 }))).toEqual(META_COLUMNS);
  });
});

describe("defineTool", () => {
  it("builds the definition with the full metadata after the schema, and keeps the body", async () => {
    const tool = defineTool({
      name: "echo",
      description: "Echo.",
      input_schema: { type: "object" },
      meta: { readOnly: true, timeoutMs: 50 },
      execute: async (args) => ({ content: JSON.stringify(args), isError: false }),
    });
    expect(Object.keys(tool.definition)).toEqual(["name", "description", "input_schema", "meta"]);
    expect(tool.definition.meta).toEqual({
      readOnly: true,
      destructive: false,
      idempotent: true,
      concurrencySafe: true,
      needsApproval: false,
      timeoutMs: 50,
    });
    await expect(tool.execute({ a: 1 }, {} as never)).resolves.toEqual({
      content: '{"a":1}',
      isError: false,
    });
  });
});

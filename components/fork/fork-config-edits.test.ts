import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "@/lib/trace/config";
import { buildPolicyEdit, buildToolEdits, type ToolEdit } from "./fork-config-edits";

const readFile: ToolDefinition = {
  name: "read_file",
  description: "Reads a file.",
  input_schema: { type: "object" },
  builtin: "read_file",
};
const echo: ToolDefinition = {
  name: "echo",
  description: "Echoes the text.",
  input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  mock: { kind: "echo" },
};
const renamed = {
  ...echo,
  input_schema: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
};
const edits = (entries: [string, ToolEdit][]) => new Map(entries);

describe("buildToolEdits", () => {
  it("sends nothing when nothing changed, or a text equal to the definition", () => {
    expect(buildToolEdits([readFile, echo], edits([]))).toEqual({ ok: true, tools: undefined });
    expect(buildToolEdits([echo], edits([["echo", { text: JSON.stringify(echo) }]]))).toEqual({
      ok: true,
      tools: undefined,
    });
  });

  it("replaces an edited custom tool in place and keeps built-ins by reference", () => {
    expect(buildToolEdits([readFile, echo], edits([["echo", { text: JSON.stringify(renamed) }]]))).toEqual({
      ok: true,
      tools: [{ builtin: "read_file" }, renamed],
    });
  });

  it("drops a removed tool, built-in or custom", () => {
    expect(buildToolEdits([readFile, echo], edits([["read_file", { removed: true }]]))).toEqual({
      ok: true,
      tools: [echo],
    });
    expect(buildToolEdits([readFile, echo], edits([["echo", { removed: true, text: "{" }]]))).toEqual({
      ok: true,
      tools: [{ builtin: "read_file" }],
    });
  });

  it("ignores a text given for a built-in (read-only)", () => {
    expect(buildToolEdits([readFile], edits([["read_file", { text: "{}" }]]))).toEqual({
      ok: true,
      tools: undefined,
    });
  });

  it("names each tool whose text is not a definition, and a name used twice", () => {
    const result = buildToolEdits(
      [readFile, echo, { ...echo, name: "other" }],
      edits([
        ["echo", { text: '{"name": ' }],
        ["other", { text: JSON.stringify({ ...echo, name: "read_file" }) }],
      ]),
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => [p.tool, p.reason])).toEqual([
      ["echo", "json"],
      ["other", "duplicate"],
    ]);
    expect(buildToolEdits([echo], edits([["echo", { text: '{"name":"echo"}' }]]))).toEqual({
      ok: false,
      problems: [{ tool: "echo", reason: "input-schema" }],
    });
  });
});

describe("buildPolicyEdit", () => {
  const inherited = { batch: "all-or-nothing" as const, hookFailure: "fail-closed" as const };

  it("sends nothing when the text is untouched or says the same in another key order", () => {
    expect(buildPolicyEdit(inherited, null)).toEqual({ ok: true, policy: undefined });
    expect(buildPolicyEdit(inherited, '{"hookFailure":"fail-closed","batch":"all-or-nothing"}')).toEqual({
      ok: true,
      policy: undefined,
    });
  });

  it("sends an edited policy object as written (the server checks its fields)", () => {
    expect(buildPolicyEdit(inherited, '{"batch":"independent","maxResultChars":"x"}')).toEqual({
      ok: true,
      policy: { batch: "independent", maxResultChars: "x" },
    });
    expect(buildPolicyEdit(inherited, "{}")).toEqual({ ok: true, policy: {} });
  });

  it("refuses text that is not JSON, or not an object", () => {
    const broken = buildPolicyEdit(inherited, '{"batch": ');
    expect(broken.ok === false && broken.problem.reason).toBe("json");
    expect(buildPolicyEdit(inherited, "[]")).toEqual({ ok: false, problem: { reason: "not-object" } });
    expect(buildPolicyEdit(inherited, "null")).toEqual({ ok: false, problem: { reason: "not-object" } });
  });
});

import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "@/lib/trace/config";
import {
  buildToolsPatch,
  createToolTemplate,
  formatToolDraft,
  parseToolDraft,
  pickNewToolName,
} from "./tool-drafts";

const readFile: ToolDefinition = {
  name: "read_file",
  description: "Reads a file.",
  input_schema: { type: "object" },
  meta: { readOnly: true },
  builtin: "read_file",
};
const echo: ToolDefinition = { name: "echo", input_schema: { type: "object" }, mock: { kind: "echo" } };
const notes: ToolDefinition = { name: "read_notes", input_schema: { type: "object", required: ["path"] } };

describe("parseToolDraft", () => {
  it("reads a definition and drops a builtin marker", () => {
    expect(parseToolDraft(JSON.stringify({ ...echo, builtin: "x" }))).toEqual({ ok: true, tool: echo });
  });

  it("says why text is not a definition yet", () => {
    const broken = parseToolDraft('{"name": ');
    expect(broken.ok === false && broken.reason).toBe("json");
    expect(parseToolDraft("[1]")).toEqual({ ok: false, reason: "not-object" });
    expect(parseToolDraft('{"name": " ", "input_schema": {}}')).toEqual({ ok: false, reason: "name" });
    expect(parseToolDraft('{"name": "x", "input_schema": []}')).toEqual({
      ok: false,
      reason: "input-schema",
    });
  });
});

describe("formatToolDraft and the template", () => {
  it("shows a definition as two-space JSON without builtin", () => {
    expect(formatToolDraft(readFile)).toBe(
      JSON.stringify(
        {
          name: "read_file",
          description: "Reads a file.",
          input_schema: { type: "object" },
          meta: { readOnly: true },
        },
        null,
        2,
      ),
    );
  });

  it("names a new tool with the first free name", () => {
    expect(pickNewToolName(["echo"])).toBe("my_tool");
    expect(pickNewToolName(["my_tool", "my_tool_2"])).toBe("my_tool_3");
    const template = parseToolDraft(createToolTemplate(["my_tool"]));
    expect(template.ok && template.tool.name).toBe("my_tool_2");
    expect(template.ok && template.tool.mock).toEqual({ kind: "echo" });
  });
});

describe("buildToolsPatch sends the whole array, built-ins by reference", () => {
  it("adds a new tool last", () => {
    expect(buildToolsPatch([readFile, echo], { kind: "upsert", originalName: null, tool: notes })).toEqual({
      ok: true,
      tools: [{ builtin: "read_file" }, echo, notes],
    });
  });

  it("replaces an edited tool in place, renamed or not", () => {
    const renamed = { ...echo, name: "shout" };
    expect(
      buildToolsPatch([echo, readFile], { kind: "upsert", originalName: "echo", tool: renamed }),
    ).toEqual({
      ok: true,
      tools: [renamed, { builtin: "read_file" }],
    });
  });

  it("appends an edited tool that is no longer there", () => {
    expect(buildToolsPatch([readFile], { kind: "upsert", originalName: "gone", tool: notes })).toEqual({
      ok: true,
      tools: [{ builtin: "read_file" }, notes],
    });
  });

  it("removes a custom tool", () => {
    expect(buildToolsPatch([readFile, echo, notes], { kind: "remove", name: "echo" })).toEqual({
      ok: true,
      tools: [{ builtin: "read_file" }, notes],
    });
  });

  it("refuses a name another tool has, and any change to a built-in", () => {
    const clash = { ...notes, name: "read_file" };
    expect(
      buildToolsPatch([readFile, notes], { kind: "upsert", originalName: "read_notes", tool: clash }),
    ).toEqual({
      ok: false,
      reason: "duplicate",
    });
    expect(buildToolsPatch([readFile], { kind: "remove", name: "read_file" })).toEqual({
      ok: false,
      reason: "builtin",
    });
    expect(
      buildToolsPatch([readFile], {
        kind: "upsert",
        originalName: "read_file",
        tool: { ...readFile, builtin: undefined },
      }),
    ).toEqual({ ok: false, reason: "builtin" });
  });
});

import { isRecord, tryParseJson } from "@/lib/protocol/json-value";
import type { ToolDefinition } from "@/lib/trace/config";

/** Why a draft is not a tool definition yet; the editor keeps the text and says which. */
export type DraftProblem =
  | { reason: "json"; detail: string }
  | { reason: "not-object" }
  | { reason: "name" }
  | { reason: "input-schema" };

export type DraftParse = { ok: true; tool: ToolDefinition } | ({ ok: false } & DraftProblem);

/**
 * Reads the editor's text as a custom tool definition: JSON (else the parser's message), an
 * object with a non-empty string `name` and an object `input_schema`. Anything else the server
 * checks on save (and lint explains). Never throws. A `builtin` field is dropped: only the
 * server expands built-ins.
 */
export function parseToolDraft(text: string): DraftParse {
  const parsed = tryParseJson(text);
  if (!parsed.ok) return { ok: false, reason: "json", detail: parsed.error };
  const value = parsed.value;
  if (!isRecord(value)) return { ok: false, reason: "not-object" };
  if (typeof value.name !== "string" || value.name.trim() === "") return { ok: false, reason: "name" };
  if (!isRecord(value.input_schema)) return { ok: false, reason: "input-schema" };
  const { builtin: _builtin, ...tool } = value;
  return { ok: true, tool: tool as unknown as ToolDefinition };
}

/** A definition as the editor shows it: two-space JSON, without the `builtin` marker. */
export function formatToolDraft(tool: ToolDefinition): string {
  const { builtin: _builtin, ...rest } = tool;
  return JSON.stringify(rest, null, 2);
}

/** The first free name among `my_tool`, `my_tool_2`, `my_tool_3`, … */
export function pickNewToolName(existing: readonly string[]): string {
  const taken = new Set(existing);
  if (!taken.has("my_tool")) return "my_tool";
  let n = 2;
  while (taken.has(`my_tool_${n}`)) n += 1;
  return `my_tool_${n}`;
}

/** The text a new custom tool starts from: an echo mock and one described string property. */
export function createToolTemplate(existing: readonly string[]): string {
  const tool: ToolDefinition = {
    name: pickNewToolName(existing),
    description: "",
    input_schema: {
      type: "object",
      properties: { text: { type: "string", description: "" } },
      required: ["text"],
    },
    meta: { readOnly: true, idempotent: true },
    mock: { kind: "echo" },
  };
  return JSON.stringify(tool, null, 2);
}

/** A tool as `PATCH /api/sessions/:id { tools }` takes it: built-ins by reference, custom ones whole. */
export type SavedTool = { builtin: string } | ToolDefinition;

/** A change to the session's tools. `originalName: null` adds a tool. */
export type ToolsChange =
  { kind: "upsert"; originalName: string | null; tool: ToolDefinition } | { kind: "remove"; name: string };

export type ToolsPatch = { ok: true; tools: SavedTool[] } | { ok: false; reason: "duplicate" | "builtin" };

/**
 * The whole tools array to save after `change`: order kept, an edited tool in its place, a new
 * one last (so is an edited one that is no longer there). Refuses a name another tool already has (`duplicate`) and any change to a built-in
 * (`builtin`: built-ins are read-only here).
 */
export function buildToolsPatch(tools: readonly ToolDefinition[], change: ToolsChange): ToolsPatch {
  const target = change.kind === "remove" ? change.name : change.originalName;
  if (tools.some((tool) => tool.name === target && tool.builtin !== undefined)) {
    return { ok: false, reason: "builtin" };
  }
  let next: ToolDefinition[];
  if (change.kind === "remove") next = tools.filter((tool) => tool.name !== change.name);
  else {
    const clash = tools.some((tool) => tool.name === change.tool.name && tool.name !== change.originalName);
    if (clash) return { ok: false, reason: "duplicate" };
    const index = tools.findIndex((tool) => tool.name === change.originalName);
    next = index === -1 ? [...tools, change.tool] : tools.with(index, change.tool);
  }
  return { ok: true, tools: next.map(toSavedTool) };
}

function toSavedTool(tool: ToolDefinition): SavedTool {
  if (tool.builtin !== undefined) return { builtin: tool.builtin };
  const { builtin: _builtin, ...custom } = tool;
  return custom;
}

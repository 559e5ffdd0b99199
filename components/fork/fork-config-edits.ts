import { parseToolDraft, type DraftProblem } from "@/components/schema/tool-drafts";
import { isRecord, tryParseJson } from "@/lib/protocol/json-value";
import { canonicalizeValue } from "@/lib/trace/canonical-json";
import type { PolicyConfig, ToolDefinition } from "@/lib/trace/config";

/** A tool as `POST .../fork { edits: { tools } }` takes it: built-ins by reference, custom ones whole. */
export type ForkTool = { builtin: string } | ToolDefinition;

/** What the dialog changed about one inherited tool: its definition's text, or its removal. */
export interface ToolEdit {
  text?: string;
  removed?: boolean;
}

/** Why the edited tools cannot be sent, naming the tool as it was inherited. */
export type ToolEditProblem = { tool: string } & (DraftProblem | { reason: "duplicate"; name: string });

export type ToolEditsResult =
  { ok: true; tools: ForkTool[] | undefined } | { ok: false; problems: ToolEditProblem[] };

function toForkTool(tool: ToolDefinition): ForkTool {
  if (tool.builtin !== undefined) return { builtin: tool.builtin };
  const { builtin: _builtin, ...custom } = tool;
  return custom;
}

/**
 * The child's tools after the dialog's edits: inherited order kept, removed ones dropped, each
 * edited custom tool replaced by its parsed definition (built-ins are read-only: an edit of
 * one is ignored). `tools: undefined` when the result is what the child inherits anyway. Every
 * text that is not a definition, and every name used twice, is a problem naming the tool.
 */
export function buildToolEdits(
  inherited: readonly ToolDefinition[],
  edits: ReadonlyMap<string, ToolEdit>,
): ToolEditsResult {
  const problems: ToolEditProblem[] = [];
  const next: ForkTool[] = [];
  const names = new Set<string>();
  for (const tool of inherited) {
    const edit = edits.get(tool.name);
    if (edit?.removed) continue;
    let definition: ForkTool = toForkTool(tool);
    if (edit?.text !== undefined && tool.builtin === undefined) {
      const parsed = parseToolDraft(edit.text);
      if (!parsed.ok) {
        const { ok: _ok, ...problem } = parsed;
        problems.push({ tool: tool.name, ...problem });
        continue;
      }
      definition = parsed.tool;
    }
    const name = "name" in definition ? definition.name : tool.name;
    if (names.has(name)) problems.push({ tool: tool.name, reason: "duplicate", name });
    names.add(name);
    next.push(definition);
  }
  if (problems.length > 0) return { ok: false, problems };
  const unchanged = canonicalizeValue(next) === canonicalizeValue(inherited.map(toForkTool));
  return { ok: true, tools: unchanged ? undefined : next };
}

/** Why the policy text cannot be sent. The server names a field it refuses (`/edits/policy/...`). */
export type PolicyEditProblem = { reason: "json"; detail: string } | { reason: "not-object" };

export type PolicyEditResult =
  { ok: true; policy: PolicyConfig | undefined } | { ok: false; problem: PolicyEditProblem };

/**
 * The child's policy from the dialog's JSON text (`null`: not edited): a JSON object, sent only
 * when it differs from the inherited one (key order aside). Its fields are checked by the server,
 * whose 400 names the field.
 */
export function buildPolicyEdit(inherited: PolicyConfig, text: string | null): PolicyEditResult {
  if (text === null) return { ok: true, policy: undefined };
  const parsed = tryParseJson(text);
  if (!parsed.ok) return { ok: false, problem: { reason: "json", detail: parsed.error } };
  const value = parsed.value;
  if (!isRecord(value)) return { ok: false, problem: { reason: "not-object" } };
  const same = canonicalizeValue(value) === canonicalizeValue(inherited);
  return { ok: true, policy: same ? undefined : (value as PolicyConfig) };
}

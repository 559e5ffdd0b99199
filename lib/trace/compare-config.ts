/**
 * Which parts of two sessions' configuration differ, as the branch view lists them beside the
 * turns: a fork usually changes one (its edited system prompt, tools, policy or provider). Pure.
 */
import type { SessionConfig, ToolDefinition } from "./config";
import { canonicalizeValue } from "./canonical-json";
import type { TraceEvent } from "./events";
import { projectSessionConfig } from "./session-config";

/** The configuration fields the branch view compares, in the order it lists them. */
export const COMPARED_CONFIG_FIELDS = ["system", "tools", "policy", "provider"] as const;
export type ComparedConfigField = (typeof COMPARED_CONFIG_FIELDS)[number];

/** One compared field: whether it differs, and each side's value (`undefined` without a config). */
export interface ConfigFieldComparison {
  field: ComparedConfigField;
  differs: boolean;
  left: SessionConfig[ComparedConfigField] | undefined;
  right: SessionConfig[ComparedConfigField] | undefined;
}

/**
 * Each compared field of the two sessions' latest configuration, in `COMPARED_CONFIG_FIELDS`
 * order. Values are compared as canonical JSON, so key order does not count. A log with no
 * `session.created` has no configuration: every field then differs from one that has it.
 */
export function compareConfigs(
  left: readonly TraceEvent[],
  right: readonly TraceEvent[],
): ConfigFieldComparison[] {
  const a = projectSessionConfig(left);
  const b = projectSessionConfig(right);
  return COMPARED_CONFIG_FIELDS.map((field) => {
    const l = a?.[field];
    const r = b?.[field];
    const differs = (a === null) !== (b === null) || canonicalizeValue(l) !== canonicalizeValue(r);
    return { field, differs, left: l, right: r };
  });
}

/** How one tool differs between two tool lists. */
export interface ToolDifference {
  name: string;
  change: "left-only" | "right-only" | "changed";
  /** For `changed`: the definition's fields that differ, in the order the definition lists them. */
  fields: string[];
}

const TOOL_FIELDS = ["description", "input_schema", "strict", "meta", "mock", "builtin"] as const;

/**
 * The tools that differ between two lists, by name: in one list only, or in both with other
 * fields (compared as canonical JSON). Left's order first, then right's new ones. Same tools in
 * another order are no difference.
 */
export function compareToolLists(
  left: readonly ToolDefinition[],
  right: readonly ToolDefinition[],
): ToolDifference[] {
  const rightByName = new Map(right.map((tool) => [tool.name, tool]));
  const leftNames = new Set(left.map((tool) => tool.name));
  const differences: ToolDifference[] = [];
  for (const tool of left) {
    const other = rightByName.get(tool.name);
    if (!other) {
      differences.push({ name: tool.name, change: "left-only", fields: [] });
      continue;
    }
    const fields = TOOL_FIELDS.filter(
      (field) => canonicalizeValue(tool[field]) !== canonicalizeValue(other[field]),
    );
    if (fields.length > 0) differences.push({ name: tool.name, change: "changed", fields });
  }
  for (const tool of right)
    if (!leftNames.has(tool.name)) differences.push({ name: tool.name, change: "right-only", fields: [] });
  return differences;
}

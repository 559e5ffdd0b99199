import { lintToolDefinition } from "@/lib/schema/lint/lint";
import type { LintDiagnostic, LintProvider, LintRuleId, LintableTool } from "@/lib/schema/lint/types";

/** A well-described tool every provider accepts: lint finds nothing in it. */
export const CLEAN_TOOL = {
  name: "read_file",
  description:
    "Read a UTF-8 text file from the session workspace and return its full content. Use it before editing a file; it does not list directories, so use list_dir for that.",
  input_schema: {
    type: "object",
    properties: {
      path: { type: "string", description: "Workspace-relative path of the file, e.g. notes/todo.md." },
    },
    required: ["path"],
    additionalProperties: false,
  },
} as const;

/** CLEAN_TOOL with its input schema replaced. */
export function buildTool(input_schema: unknown): LintableTool {
  return { ...CLEAN_TOOL, input_schema };
}

/** CLEAN_TOOL's schema with one property replaced (and required), for rules over a property. */
export function buildToolWithProperty(schema: Record<string, unknown>): LintableTool {
  return buildTool({ ...CLEAN_TOOL.input_schema, properties: { path: schema } });
}

/** The diagnostics of one rule only. */
export function lintRule(
  tool: LintableTool,
  rule: LintRuleId,
  providers?: readonly LintProvider[],
): LintDiagnostic[] {
  return lintToolDefinition(tool, providers === undefined ? {} : { providers }).filter(
    (d) => d.rule === rule,
  );
}

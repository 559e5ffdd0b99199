import "server-only";
import type { CreateSessionBody } from "@/lib/contract/sessions";
import { DEFAULT_TOOL_NAMES, expandBuiltin } from "@/lib/tools/registry";
import type { ToolDefinition } from "@/lib/trace/config";
import { refuse, succeed, type Outcome } from "./outcome";

/**
 * Turns the tools a request names — built-ins by `{ builtin }`, custom ones in full — into the
 * definitions recorded in the log. No tools named: all the built-ins. A name used twice, or an
 * unknown built-in, is `invalid`, naming the entry.
 */
export function resolveTools(requested: CreateSessionBody["tools"]): Outcome<ToolDefinition[]> {
  const entries = requested ?? DEFAULT_TOOL_NAMES.map((builtin) => ({ builtin }));
  const tools: ToolDefinition[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    let tool: ToolDefinition;
    if ("builtin" in entry) {
      const expanded = expandBuiltin(entry.builtin);
      if (!expanded)
        return refuse(
          "invalid",
          `/tools/${index}/builtin: no built-in tool named "${entry.builtin}"`,
          `/tools/${index}/builtin`,
        );
      tool = expanded;
    } else {
      tool = entry as ToolDefinition;
    }
    if (seen.has(tool.name))
      return refuse(
        "invalid",
        `/tools/${index}/name: the tool name "${tool.name}" is used twice`,
        `/tools/${index}/name`,
      );
    seen.add(tool.name);
    tools.push(tool);
  }
  return succeed(tools);
}

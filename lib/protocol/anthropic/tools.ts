/**
 * The session's tools and tool choice in Anthropic's request form.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools
 */
import type { ToolChoiceSpec, ToolSpec } from "@/lib/protocol/unified";
import type { AnthropicTool, AnthropicToolChoice } from "./types";

/**
 * Tool definitions as Anthropic's `tools`: `name`, `description` (when set), `input_schema`, and
 * `strict` only when true — strict tool use is an opt-in flag on the tool (grammar-constrained
 * sampling against `input_schema`), and leaving it out is the same as `false`. Toolscope's own
 * fields (`meta`, `mock`, `builtin`) are never sent.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools
 */
export function toolsToAnthropic(tools: readonly ToolSpec[]): AnthropicTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    input_schema: tool.input_schema,
    ...(tool.strict === true ? { strict: true } : {}),
  }));
}

/**
 * `"auto" | "any" | "none" | { name }` as Anthropic's `tool_choice` object (`{ type: "tool",
 * name }` for a named tool).
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools#forcing-tool-use
 */
export function toolChoiceToAnthropic(choice: ToolChoiceSpec): AnthropicToolChoice {
  if (typeof choice === "object") return { type: "tool", name: choice.name };
  return { type: choice };
}

/**
 * The session's tools and tool choice in Chat Completions form, and back (for imports).
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
 * @see https://platform.openai.com/docs/guides/function-calling
 */
import type { ToolChoiceSpec, ToolSpec } from "@/lib/protocol/unified";
import type { OpenAIChatTool, OpenAIChatToolChoice } from "./types";

/**
 * Tool definitions as Chat Completions `tools`: `{ type: "function", function: { name,
 * description (when set), parameters: input_schema, strict (when set) } }`. `strict` is passed
 * through as given (absent means `false` for Chat Completions); Toolscope's own fields are never
 * sent.
 *
 * @see https://platform.openai.com/docs/guides/function-calling#strict-mode
 */
export function toolsToOpenAIChat(tools: readonly ToolSpec[]): OpenAIChatTool[] {
  return tools.map((tool) => ({
    type: "function",
    function: {
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: tool.input_schema,
      ...(tool.strict !== undefined ? { strict: tool.strict } : {}),
    },
  }));
}

/**
 * `"auto" | "any" | "none" | { name }` as Chat Completions `tool_choice`: `any` is `"required"`,
 * a named tool is `{ type: "function", function: { name } }`.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tool_choice
 */
export function toolChoiceToOpenAIChat(choice: ToolChoiceSpec): OpenAIChatToolChoice {
  if (typeof choice === "object") return { type: "function", function: { name: choice.name } };
  return choice === "any" ? "required" : choice;
}

/**
 * Chat Completions `tools` as tool specs (for imports): `parameters` becomes `input_schema` (an
 * empty object schema when absent, as the API reads it), `strict` kept when it is a boolean.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
 */
export function toolsFromOpenAIChat(tools: readonly OpenAIChatTool[]): ToolSpec[] {
  return tools.map(({ function: fn }) => ({
    name: fn.name,
    ...(typeof fn.description === "string" ? { description: fn.description } : {}),
    input_schema: fn.parameters ?? { type: "object", properties: {} },
    ...(typeof fn.strict === "boolean" ? { strict: fn.strict } : {}),
  }));
}

/**
 * Chat Completions `tool_choice` as a tool choice spec (for imports): `"required"` is `any`.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tool_choice
 */
export function toolChoiceFromOpenAIChat(choice: OpenAIChatToolChoice): ToolChoiceSpec {
  if (typeof choice === "object") return { name: choice.function.name };
  return choice === "required" ? "any" : choice;
}

/**
 * The session's tools and tool choice in Responses form, and back (for imports).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 * @see https://platform.openai.com/docs/guides/function-calling
 */
import type { ToolChoiceSpec, ToolSpec } from "@/lib/protocol/unified";
import type { OpenAIResponsesTool, OpenAIResponsesToolChoice } from "./types";

/**
 * Tool definitions as Responses `tools`: `{ type: "function", name, description (when set),
 * parameters: input_schema, strict }`. `strict` is always written: Responses reads an absent one
 * as `true`, where Toolscope (like Anthropic and Chat Completions) means `false`, so an unset
 * `strict` is sent as `false`. Toolscope's own fields are never sent.
 *
 * @see https://platform.openai.com/docs/guides/function-calling#strict-mode
 */
export function toolsToOpenAIResponses(tools: readonly ToolSpec[]): OpenAIResponsesTool[] {
  return tools.map((tool) => ({
    type: "function",
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    parameters: tool.input_schema,
    strict: tool.strict === true,
  }));
}

/**
 * `"auto" | "any" | "none" | { name }` as Responses `tool_choice`: `any` is `"required"`, a named
 * tool is `{ type: "function", name }`.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tool_choice
 */
export function toolChoiceToOpenAIResponses(choice: ToolChoiceSpec): OpenAIResponsesToolChoice {
  if (typeof choice === "object") return { type: "function", name: choice.name };
  return choice === "any" ? "required" : choice;
}

/**
 * Responses function tools as tool specs (for imports): `parameters` becomes `input_schema` (an
 * empty object schema when null), and a `strict` that is null or absent is `true`, as the API
 * reads it. Tools of other types (built-in tools) are left out.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 */
export function toolsFromOpenAIResponses(
  tools: readonly {
    type: string;
    name?: unknown;
    description?: unknown;
    parameters?: unknown;
    strict?: unknown;
  }[],
): ToolSpec[] {
  return tools.flatMap((tool) => {
    if (tool.type !== "function" || typeof tool.name !== "string") return [];
    const parameters = tool.parameters as Record<string, unknown> | null | undefined;
    return [
      {
        name: tool.name,
        ...(typeof tool.description === "string" ? { description: tool.description } : {}),
        input_schema: parameters ?? { type: "object", properties: {} },
        strict: tool.strict !== false,
      },
    ];
  });
}

/**
 * Responses `tool_choice` as a tool choice spec (for imports): `"required"` is `any`.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-tool_choice
 */
export function toolChoiceFromOpenAIResponses(choice: OpenAIResponsesToolChoice): ToolChoiceSpec {
  if (typeof choice === "object") return { name: choice.name };
  return choice === "required" ? "any" : choice;
}

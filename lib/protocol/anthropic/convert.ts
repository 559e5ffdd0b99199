/**
 * Anthropic messages ↔ the unified model (docs/architecture.md, "Unified model").
 *
 * Lossless for what the providers share. What only Anthropic has (a text block's `citations`, a
 * tool_use's `caller`, image parts of a tool_result) does not survive the unified form; a block
 * type this app does not model travels as `unknown` with the raw block and comes back unchanged.
 *
 * @see https://platform.claude.com/docs/en/api/messages
 */
import {
  assertNever,
  type Block,
  type ToolChoiceSpec,
  type ToolSpec,
  type UnifiedMessage,
} from "@/lib/protocol/unified";
import { parseToolArguments } from "./tool-arguments";
import { toolChoiceToAnthropic, toolsToAnthropic } from "./tools";
import {
  isKnownBlock,
  type AnthropicContentBlock,
  type AnthropicKnownBlock,
  type AnthropicMessage,
  type AnthropicMessageParam,
  type AnthropicRequestBody,
  type AnthropicToolResultBlock,
} from "./types";

export { toolChoiceToAnthropic, toolsToAnthropic } from "./tools";
export { mapAnthropicStopReason, mapAnthropicUsage } from "./stop-reason";

/** Raw argument strings as streamed, by content block index (an assembly's `partialJson`). */
export type RawArgumentsByIndex = Readonly<Record<number, string>>;

/** A tool_result's content as one string: text parts joined by newlines, other parts named. */
function readToolResultContent(content: AnthropicToolResultBlock["content"]): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : `[${part.type}]`))
    .join("\n");
}

function convertKnownBlock(block: AnthropicKnownBlock, raw: string | undefined): Block {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "thinking":
      return { type: "thinking", thinking: block.thinking, signature: block.signature };
    case "redacted_thinking":
      return { type: "redacted_thinking", data: block.data };
    case "tool_use":
      return raw === undefined
        ? {
            type: "toolCall",
            id: block.id,
            name: block.name,
            arguments: block.input,
            rawArguments: JSON.stringify(block.input),
          }
        : {
            type: "toolCall",
            id: block.id,
            name: block.name,
            arguments: parseToolArguments(raw),
            rawArguments: raw,
          };
    case "tool_result":
      return {
        type: "toolResult",
        toolCallId: block.tool_use_id,
        content: readToolResultContent(block.content),
        isError: block.is_error === true,
      };
    default:
      return assertNever(block, "Anthropic block");
  }
}

function convertBlocks(
  content: string | AnthropicContentBlock[],
  rawArguments?: RawArgumentsByIndex,
): Block[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return content.map((block, index) =>
    isKnownBlock(block) ? convertKnownBlock(block, rawArguments?.[index]) : { type: "unknown", raw: block },
  );
}

/**
 * An assembled (or non-streamed) assistant message in unified form. A tool_use becomes a
 * `toolCall` whose `arguments` is its `input` and `rawArguments` is `JSON.stringify(input)` —
 * unless `rawArguments` gives the text as streamed for that block index: then that text is kept
 * and `arguments` is its parse (`{}` for empty text, `null` when it does not parse).
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls
 */
export function anthropicMessageToUnified(
  message: Pick<AnthropicMessage, "content">,
  rawArguments?: RawArgumentsByIndex,
): UnifiedMessage {
  return { role: "assistant", content: convertBlocks(message.content, rawArguments) };
}

/**
 * A request's `messages` in unified form (for imports and the side-by-side view). String content
 * becomes one text block; tool results keep their position.
 *
 * @see https://platform.claude.com/docs/en/api/messages#body-messages
 */
export function anthropicMessagesToUnified(messages: readonly AnthropicMessageParam[]): UnifiedMessage[] {
  return messages.map((message) => ({ role: message.role, content: convertBlocks(message.content) }));
}

function convertUnifiedBlock(block: Block): AnthropicContentBlock {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "thinking":
      return { type: "thinking", thinking: block.thinking, signature: block.signature };
    case "redacted_thinking":
      return { type: "redacted_thinking", data: block.data };
    case "toolCall":
      return { type: "tool_use", id: block.id, name: block.name, input: block.arguments ?? {} };
    case "toolResult":
      return {
        type: "tool_result",
        tool_use_id: block.toolCallId,
        content: block.content,
        ...(block.isError ? { is_error: true } : {}),
      };
    case "unknown":
      return block.raw as AnthropicContentBlock;
    default:
      return assertNever(block, "unified block");
  }
}

/**
 * Unified messages as Anthropic's request `messages`, content always as a block array. A tool
 * call whose arguments did not parse is sent with `input: {}`; `is_error` appears only when true;
 * `errorKind` is Toolscope's own and is not sent.
 *
 * @see https://platform.claude.com/docs/en/agents-and-tools/tool-use/handle-tool-calls#handling-results-from-client-tools
 */
export function unifiedToAnthropicMessages(messages: readonly UnifiedMessage[]): AnthropicMessageParam[] {
  return messages.map((message) => ({
    role: message.role,
    content: message.content.map(convertUnifiedBlock),
  }));
}

export interface AnthropicRequestInput {
  model: string;
  maxTokens: number;
  /** Left out of the body when empty or absent. */
  system?: string;
  /** Toolscope's `ToolDefinition`s fit here; their own fields are dropped. */
  tools?: readonly ToolSpec[];
  messages: readonly UnifiedMessage[];
  /** Sent only when given. */
  toolChoice?: ToolChoiceSpec;
  /** Defaults to `false`, as the API does. */
  stream?: boolean;
}

/**
 * The exact request body, keys in this order: `model`, `max_tokens`, `stream`, `tools` (only when there are some),
 * `tool_choice` (only when given), `system` (only when not empty), `messages` — so the body
 * recorded in `request.assembled` reads tools → system → messages.
 *
 * @see https://platform.claude.com/docs/en/api/messages
 */
export function buildAnthropicRequest(input: AnthropicRequestInput): AnthropicRequestBody {
  return {
    model: input.model,
    max_tokens: input.maxTokens,
    stream: input.stream ?? false,
    ...(input.tools && input.tools.length > 0 ? { tools: toolsToAnthropic(input.tools) } : {}),
    ...(input.toolChoice !== undefined ? { tool_choice: toolChoiceToAnthropic(input.toolChoice) } : {}),
    ...(input.system ? { system: input.system } : {}),
    messages: unifiedToAnthropicMessages(input.messages),
  };
}

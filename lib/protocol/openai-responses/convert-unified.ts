/**
 * Unified messages as Responses `input` items: a role is not a block type, and here it is not
 * even a message — each tool call is a `function_call` item, each result a
 * `function_call_output` item, beside `message` items.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create#responses-create-input
 */
import { isRecord } from "@/lib/protocol/json-value";
import { orderToolResults } from "@/lib/protocol/order-results";
import { assertNever, type Block, type ToolResultBlock, type UnifiedMessage } from "@/lib/protocol/unified";
import type {
  OpenAIResponsesInputImage,
  OpenAIResponsesInputItem,
  OpenAIResponsesInputText,
  OpenAIResponsesReasoningInput,
} from "./types";

function readRaw(block: Block, type: string): Record<string, unknown> | null {
  return block.type === "unknown" && isRecord(block.raw) && block.raw.type === type ? block.raw : null;
}

function readUser(message: UnifiedMessage, previous: UnifiedMessage | undefined): OpenAIResponsesInputItem[] {
  const results = message.content.filter((block): block is ToolResultBlock => block.type === "toolResult");
  const items: OpenAIResponsesInputItem[] = orderToolResults(results, previous).map((result) => ({
    type: "function_call_output",
    call_id: result.toolCallId,
    output: result.content,
  }));
  const parts: (OpenAIResponsesInputText | OpenAIResponsesInputImage)[] = message.content.flatMap(
    (block): (OpenAIResponsesInputText | OpenAIResponsesInputImage)[] => {
      if (block.type === "text") return [{ type: "input_text" as const, text: block.text }];
      const image = readRaw(block, "input_image");
      return image && typeof image.detail === "string" ? [image as unknown as OpenAIResponsesInputImage] : [];
    },
  );
  if (parts.length > 0 || results.length === 0) items.push({ type: "message", role: "user", content: parts });
  return items;
}

function readReasoning(block: Block): OpenAIResponsesReasoningInput | null {
  const raw = readRaw(block, "reasoning");
  if (!raw || typeof raw.id !== "string" || !Array.isArray(raw.summary)) return null;
  const { status: _status, content: _content, ...item } = raw;
  return item as unknown as OpenAIResponsesReasoningInput;
}

/** Output items of tools the provider runs, which the API also takes as input items. */
export const PROVIDER_ITEM_TYPES = [
  "web_search_call",
  "file_search_call",
  "code_interpreter_call",
  "image_generation_call",
  "mcp_call",
  "mcp_list_tools",
  "mcp_approval_request",
  "mcp_approval_response",
] as const;

const PROVIDER_ITEMS: ReadonlySet<string> = new Set(PROVIDER_ITEM_TYPES);

function readAssistantBlock(block: Block): OpenAIResponsesInputItem[] {
  switch (block.type) {
    case "text":
      return [{ type: "message", role: "assistant", content: block.text }];
    case "toolCall": {
      const args = block.rawArguments !== "" ? block.rawArguments : JSON.stringify(block.arguments ?? {});
      return [{ type: "function_call", call_id: block.id, name: block.name, arguments: args }];
    }
    case "unknown": {
      const refusal = readRaw(block, "refusal");
      if (refusal && typeof refusal.refusal === "string")
        return [{ type: "message", role: "assistant", content: refusal.refusal }];
      const reasoning = readReasoning(block);
      if (reasoning) return [reasoning];
      // Items of tools OpenAI ran itself go back as they came.
      const raw = isRecord(block.raw) ? block.raw : null;
      return raw && typeof raw.type === "string" && PROVIDER_ITEMS.has(raw.type)
        ? [raw as unknown as OpenAIResponsesInputItem]
        : [];
    }
    case "thinking":
    case "redacted_thinking":
    case "toolResult":
      return [];
    default:
      return assertNever(block, "unified block");
  }
}

/**
 * Unified messages as Responses `input` items, in order. User: each `toolResult` as a
 * `function_call_output` (its `content` only: Responses has no error flag), in call order, then
 * the rest as one `message` of `input_text` (and `input_image`) parts. Assistant: each text as an
 * assistant `message` with string content, each tool call as a `function_call` whose `arguments`
 * is `rawArguments` (stringified only for a call without one), a reasoning item as it came. A
 * refusal is sent as the assistant's text (an input refusal part needs the output message's id,
 * which the unified form does not keep); the item of a tool OpenAI ran itself (`web_search_call`,
 * `mcp_call`, …) as it came. Thinking blocks and other `unknown` blocks are left out.
 *
 * @see https://platform.openai.com/docs/guides/function-calling#handling-function-calls
 */
export function unifiedToOpenAIResponsesInput(
  messages: readonly UnifiedMessage[],
): OpenAIResponsesInputItem[] {
  const items: OpenAIResponsesInputItem[] = [];
  let previous: UnifiedMessage | undefined;
  for (const message of messages) {
    if (message.role === "user") items.push(...readUser(message, previous));
    else items.push(...message.content.flatMap(readAssistantBlock));
    previous = message;
  }
  return items;
}

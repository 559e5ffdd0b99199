/**
 * One unified message as Chat Completions request messages: the blocks a role can carry, and
 * tool results split off into `role: "tool"` messages.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
 */
import { isRecord } from "@/lib/protocol/json-value";
import { orderToolResults } from "@/lib/protocol/order-results";
import {
  assertNever,
  type Block,
  type ToolCallBlock,
  type ToolResultBlock,
  type UnifiedMessage,
} from "@/lib/protocol/unified";
import type {
  OpenAIChatImagePart,
  OpenAIChatMessageParam,
  OpenAIChatTextPart,
  OpenAIChatToolCall,
  OpenAIChatUserPart,
} from "./types";

/** An `unknown` block that holds a refusal (`{ type: "refusal", refusal }`): its text. */
export function readRefusal(block: Block): string | null {
  return block.type === "unknown" &&
    isRecord(block.raw) &&
    block.raw.type === "refusal" &&
    typeof block.raw.refusal === "string"
    ? block.raw.refusal
    : null;
}

function readImagePart(block: Block): OpenAIChatImagePart | null {
  if (block.type !== "unknown" || !isRecord(block.raw) || block.raw.type !== "image_url") return null;
  return isRecord(block.raw.image_url) && typeof block.raw.image_url.url === "string"
    ? (block.raw as unknown as OpenAIChatImagePart)
    : null;
}

/** A single text part as a plain string (the usual form); anything else as parts. */
function packContent<P extends { type: string }>(parts: P[]): string | P[] {
  return parts.length === 1 && parts[0]!.type === "text"
    ? (parts[0] as unknown as OpenAIChatTextPart).text
    : parts;
}

/**
 * A tool call as `tool_calls` carries it: `arguments` is `rawArguments`, the string as the model
 * wrote it (even when it does not parse); only a call without one sends its arguments stringified.
 */
export function toOpenAIChatToolCall(block: ToolCallBlock): OpenAIChatToolCall {
  const args = block.rawArguments !== "" ? block.rawArguments : JSON.stringify(block.arguments ?? {});
  return { id: block.id, type: "function", function: { name: block.name, arguments: args } };
}

function readAssistant(content: readonly Block[]): OpenAIChatMessageParam {
  const texts: OpenAIChatTextPart[] = [];
  const refusals: string[] = [];
  const calls: OpenAIChatToolCall[] = [];
  for (const block of content) {
    if (block.type === "text") texts.push({ type: "text", text: block.text });
    else if (block.type === "toolCall") calls.push(toOpenAIChatToolCall(block));
    else if (readRefusal(block) !== null) refusals.push(readRefusal(block)!);
  }
  const empty = texts.length === 0 && calls.length === 0 && refusals.length === 0;
  return {
    role: "assistant",
    ...(texts.length > 0 || empty ? { content: texts.length > 0 ? packContent(texts) : "" } : {}),
    ...(refusals.length > 0 ? { refusal: refusals.join("") } : {}),
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
  };
}

function readUserPart(block: Block): OpenAIChatUserPart | null {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "unknown":
      return readImagePart(block);
    case "thinking":
    case "redacted_thinking":
    case "toolCall":
    case "toolResult":
      return null;
    default:
      return assertNever(block, "unified block");
  }
}

/**
 * One unified message as request messages. Assistant: text as `content` (left out when there is
 * none but tool calls, as the API itself sends it), a refusal as `refusal`, tool calls as
 * `tool_calls`. User: each `toolResult` as a `role: "tool"` message (its `content` only: Chat
 * Completions has no error flag), in call order, then the other blocks as one user message.
 * Thinking blocks, and `unknown` blocks that are no Chat Completions part, have no place here and
 * are left out.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-messages
 */
export function readUnifiedMessage(
  message: UnifiedMessage,
  previous: UnifiedMessage | undefined,
): OpenAIChatMessageParam[] {
  if (message.role === "assistant") return [readAssistant(message.content)];
  const results = message.content.filter((block): block is ToolResultBlock => block.type === "toolResult");
  const out: OpenAIChatMessageParam[] = orderToolResults(results, previous).map((result) => ({
    role: "tool",
    tool_call_id: result.toolCallId,
    content: result.content,
  }));
  const parts = message.content.flatMap((block) => readUserPart(block) ?? []);
  if (parts.length > 0 || results.length === 0)
    out.push({ role: "user", content: parts.length > 0 ? packContent(parts) : "" });
  return out;
}

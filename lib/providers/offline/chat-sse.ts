/**
 * The offline model's message as Chat Completions sends it: the same chunk shapes as the
 * recordings in `fixtures/wire/openai-chat-stream-*.sse` — `data:` lines without `event:`, the
 * first chunk `{ role: "assistant", content: null }` (or, when the reply starts with a tool call,
 * `{ role, content: null, tool_calls: [its first fragment], refusal: null }`), a tool call's `id`, `type` and `name` only in its first
 * chunk (`arguments: ""`), its arguments in pieces, a chunk with the `finish_reason`, a usage chunk
 * with `choices: []`, then `data: [DONE]`. Chunking is fixed. Thinking blocks are dropped (Chat
 * Completions has none); a `max_tokens` cut ends with `finish_reason: "length"`. Pure.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */
import "server-only";
import { assertNever } from "@/lib/protocol/unified";
import { splitJsonPieces, splitTextDeltas, type SseEvent } from "./sse";
import type { OfflineMessage, OfflineToolUseBlock } from "./types";

/** What the encoders need besides the message: the creation time, in epoch seconds. */
export interface EncodeContext {
  created: number;
}

const FINGERPRINT = "fp_offline";

/** `msg_offline_<hex>` → `chatcmpl-offline-<hex>`; `toolu_offline_<hex>` → `call_offline_<hex>`. */
export function toChatIds(message: OfflineMessage): { id: string; callId: (toolUseId: string) => string } {
  return {
    id: message.id.replace(/^msg_offline_/, "chatcmpl-offline-"),
    callId: (toolUseId) => toolUseId.replace(/^toolu_/, "call_"),
  };
}

/** `tool_use` → `tool_calls`, `max_tokens` → `length`, `end_turn` → `stop`. */
function readFinishReason(message: OfflineMessage): "tool_calls" | "length" | "stop" {
  switch (message.stop_reason) {
    case "tool_use":
      return "tool_calls";
    case "max_tokens":
      return "length";
    case "end_turn":
      return "stop";
    default:
      return assertNever(message.stop_reason, "stop reason");
  }
}

/** A tool call's `arguments` string: its raw text when it has one (malformed, or cut), else compact JSON. */
function readArguments(block: OfflineToolUseBlock): string {
  return block.rawJson ?? JSON.stringify(block.input);
}

/** Chat's usage: its prompt tokens include the cached ones (`prompt_tokens_details`, when a cache was modelled). */
function readUsage(message: OfflineMessage) {
  const { output_tokens: completion, cache_read_input_tokens: cached } = message.usage;
  const prompt = readPromptTokens(message);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
    ...(cached === undefined ? {} : { prompt_tokens_details: { cached_tokens: cached, audio_tokens: 0 } }),
    completion_tokens_details: { reasoning_tokens: 0 },
  };
}

/** The whole prompt's tokens: Anthropic's usage splits off the cached ones, OpenAI's counts them in. */
export function readPromptTokens(message: OfflineMessage): number {
  const usage = message.usage;
  return usage.input_tokens + (usage.cache_read_input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0);
}

/** The whole completion, as the non-streaming API returns it and a stream assembles to. */
export function toChatCompletion(message: OfflineMessage, context: EncodeContext) {
  const ids = toChatIds(message);
  const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
  const toolCalls = message.content.flatMap((block) =>
    block.type === "tool_use"
      ? [
          {
            id: ids.callId(block.id),
            type: "function" as const,
            function: { name: block.name, arguments: readArguments(block) },
          },
        ]
      : [],
  );
  return {
    id: ids.id,
    object: "chat.completion",
    created: context.created,
    model: message.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: text === "" ? null : text,
          refusal: null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: readFinishReason(message),
      },
    ],
    usage: readUsage(message),
    system_fingerprint: FINGERPRINT,
  };
}

/** The chunks the streaming API sends for `message`, as `data:`-only SSE events. */
export function encodeMessageAsChatChunks(message: OfflineMessage, context: EncodeContext): SseEvent[] {
  const ids = toChatIds(message);
  const head = {
    id: ids.id,
    object: "chat.completion.chunk",
    created: context.created,
    model: message.model,
  };
  const toEvent = (body: Record<string, unknown>): SseEvent => ({
    event: null,
    data: JSON.stringify({ ...head, system_fingerprint: FINGERPRINT, ...body }),
  });
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    toEvent({ choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });
  const deltas: Record<string, unknown>[] = [];
  let callIndex = 0;
  for (const block of message.content) {
    switch (block.type) {
      case "text":
        deltas.push(...splitTextDeltas(block.text).map((content) => ({ content })));
        break;
      case "thinking":
        // Chat Completions has no thinking block: the API streams none.
        break;
      case "tool_use": {
        const index = callIndex++;
        const start = {
          index,
          id: ids.callId(block.id),
          type: "function",
          function: { name: block.name, arguments: "" },
        };
        deltas.push({ tool_calls: [start] });
        for (const piece of splitJsonPieces(readArguments(block)))
          deltas.push({ tool_calls: [{ index, function: { arguments: piece } }] });
        break;
      }
      default:
        return assertNever(block, "content block");
    }
  }
  const opening = { role: "assistant", content: null };
  const [first] = deltas;
  const startsWithCall = first !== undefined && "tool_calls" in first;
  const events = startsWithCall
    ? [chunk({ ...opening, ...first, refusal: null }), ...deltas.slice(1).map((delta) => chunk(delta))]
    : [chunk(opening), ...deltas.map((delta) => chunk(delta))];
  events.push(chunk({}, readFinishReason(message)), toEvent({ choices: [], usage: readUsage(message) }), {
    event: null,
    data: "[DONE]",
  });
  return events;
}

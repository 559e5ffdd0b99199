/**
 * Anthropic SSE events as stream parts (`lib/protocol/stream-parts`), on top of the assembly fold:
 * each event is folded by `reduceAnthropicEvent`, and the parts say what the fold did. A block is
 * named by its content block index.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming#event-types
 */
import type { SseEvent } from "@/lib/protocol/sse";
import type { StreamPart, StreamPartsStep } from "@/lib/protocol/stream-parts";
import { createAnthropicStreamState, reduceAnthropicEvent, type AnthropicStreamState } from "./assemble";
import { tracksToolInput } from "./assemble-blocks";
import { parseAnthropicEvent } from "./parse-event";
import { mapAnthropicStopReason, mapAnthropicUsage } from "./stop-reason";
import type { AnthropicContentBlock } from "./types";
import { readString as readOptionalString } from "@/lib/protocol/json-value";

export { createAnthropicStreamState as createAnthropicPartsState };

/** A tool block's own fields, read loosely (server tool blocks are not modelled). */
function readTool(block: AnthropicContentBlock): { id: string; name: string; input: unknown } {
  const record = block as Record<string, unknown>;
  return { id: readText(record.id), name: readText(record.name), input: record.input };
}

function startParts(id: string, block: AnthropicContentBlock): StreamPart[] {
  switch (block.type) {
    case "text": {
      const text = readText(block.text);
      const start: StreamPart = { type: "text-start", id, refusal: false };
      return text === "" ? [start] : [start, { type: "text-delta", id, delta: text }];
    }
    case "thinking": {
      const text = readText(block.thinking);
      const start: StreamPart = { type: "reasoning-start", id, redacted: null };
      return text === "" ? [start] : [start, { type: "reasoning-delta", id, delta: text }];
    }
    case "redacted_thinking":
      return [{ type: "reasoning-start", id, redacted: readText(block.data) }];
    default:
      if (tracksToolInput(block))
        return [
          {
            type: "tool-input-start",
            id,
            toolCallId: readTool(block).id,
            toolName: readTool(block).name,
            providerExecuted: block.type !== "tool_use",
          },
        ];
      return [{ type: "other", id, blockType: block.type, raw: block, done: false }];
  }
}

function stopParts(id: string, block: AnthropicContentBlock, rawJson: string | undefined): StreamPart[] {
  switch (block.type) {
    case "text":
      return [{ type: "text-end", id }];
    case "thinking":
    case "redacted_thinking":
      return [
        {
          type: "reasoning-end",
          id,
          signature: block.type === "thinking" ? readText(block.signature) : null,
        },
      ];
    default:
      if (tracksToolInput(block))
        return [
          { type: "tool-input-end", id },
          {
            type: "tool-call",
            id,
            toolCallId: readTool(block).id,
            toolName: readTool(block).name,
            input: rawJson ?? JSON.stringify(readTool(block).input ?? {}),
          },
        ];
      return [{ type: "other", id, blockType: block.type, raw: block, done: true }];
  }
}

function deriveParts(
  before: AnthropicStreamState,
  after: AnthropicStreamState,
  event: SseEvent,
): StreamPart[] {
  const parsed = parseAnthropicEvent(event);
  if (!parsed.ok) return [];
  const typed = parsed.event;
  switch (typed.type) {
    case "error":
      return [{ type: "error", code: typed.error.type, message: typed.error.message }];
    case "message_start":
      return [
        { type: "stream-start", responseId: after.message?.id ?? null, model: after.message?.model ?? null },
        { type: "usage", usage: mapAnthropicUsage(after.message?.usage) },
      ];
    case "message_delta":
      return typed.usage ? [{ type: "usage", usage: mapAnthropicUsage(after.message?.usage) }] : [];
    case "message_stop":
      return [{ type: "finish", stopReason: mapAnthropicStopReason(after.message?.stop_reason) }];
    case "content_block_start": {
      const block = after.message?.content[typed.index];
      return block ? startParts(String(typed.index), block) : [];
    }
    case "content_block_delta": {
      const id = String(typed.index);
      const delta = typed.delta;
      if (delta.type === "text_delta") return [{ type: "text-delta", id, delta: delta.text }];
      if (delta.type === "thinking_delta") return [{ type: "reasoning-delta", id, delta: delta.thinking }];
      if (delta.type === "input_json_delta") {
        const previous = before.partialJson[typed.index] ?? "";
        const next = after.partialJson[typed.index] ?? "";
        return [{ type: "tool-input-delta", id, delta: next.slice(previous.length) }];
      }
      // A signature or citation changes the block, not its text: the end part carries it.
      return [];
    }
    case "content_block_stop": {
      const block = after.message?.content[typed.index];
      return block ? stopParts(String(typed.index), block, after.partialJson[typed.index]) : [];
    }
    default:
      return [];
  }
}

/** The fold left the assembly as it was (it only noted why). */
function wasIgnored(before: AnthropicStreamState, after: AnthropicStreamState): boolean {
  return (
    before.message === after.message &&
    before.partialJson === after.partialJson &&
    before.stoppedBlocks === after.stoppedBlocks &&
    before.done === after.done &&
    before.error === after.error
  );
}

/**
 * One Anthropic SSE event as parts. An event the fold ignored gives no parts, so the parts never
 * say more than the assembled message. Never throws.
 */
export function stepAnthropicParts(
  state: AnthropicStreamState,
  event: SseEvent,
): StreamPartsStep<AnthropicStreamState> {
  const next = reduceAnthropicEvent(state, event);
  const notes = next.notes.slice(state.notes.length);
  if (notes.length > 0 && wasIgnored(state, next)) return { state: next, parts: [], notes };
  return { state: next, parts: deriveParts(state, next, event), notes };
}

function readText(value: unknown): string {
  return readOptionalString(value) ?? "";
}

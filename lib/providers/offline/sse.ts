/**
 * The offline model's message as the Anthropic streaming API sends it: the same events, in the
 * same order and JSON shapes as the recordings in `fixtures/wire/anthropic-*-tool-use.sse`.
 * Chunking is fixed, so the same message always gives the same bytes. Pure.
 *
 * @see https://docs.anthropic.com/en/api/messages-streaming
 */
import "server-only";
import { assertNever } from "@/lib/protocol/unified";
import type { OfflineContentBlock, OfflineMessage } from "./types";

/** One server-sent event: its `event:` name (`null` for none, as in Chat Completions) and its `data:` text. */
export interface SseEvent {
  event: string | null;
  data: string;
}

/** Words per text delta, cycled: the first delta is one word, as the real API's often is. */
const WORDS_PER_DELTA = [1, 3, 2, 4, 3];
/** Characters per `input_json_delta` piece, cycled. */
const CHARS_PER_JSON_PIECE = [8, 11, 9, 12, 10];

/**
 * `value` as JSON with the spacing the API streams tool input in (`{"a": 1, "b": [2, 3]}`).
 * Parses back to the same value.
 */
export function stringifyLikeApi(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => stringifyLikeApi(item ?? null)).join(", ")}]`;
  if (typeof value === "object" && value !== null) {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}: ${stringifyLikeApi(item)}`);
    return `{${members.join(", ")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** Splits text into deltas of a few words each; each word keeps the whitespace before it. */
export function splitTextDeltas(text: string): string[] {
  const words = text.match(/\s*\S+|\s+$/g) ?? [];
  const deltas: string[] = [];
  for (let start = 0, turn = 0; start < words.length; turn++) {
    const size = WORDS_PER_DELTA[turn % WORDS_PER_DELTA.length] ?? 1;
    deltas.push(words.slice(start, start + size).join(""));
    start += size;
  }
  return deltas;
}

/** Splits JSON text into pieces of 8–12 characters, cutting through keys and values alike. */
export function splitJsonPieces(json: string): string[] {
  const characters = Array.from(json); // code points: a surrogate pair is never cut
  const pieces: string[] = [];
  for (let start = 0, turn = 0; start < characters.length; turn++) {
    const size = CHARS_PER_JSON_PIECE[turn % CHARS_PER_JSON_PIECE.length] ?? 10;
    pieces.push(characters.slice(start, start + size).join(""));
    start += size;
  }
  return pieces;
}

/** An event whose data is `payload` as compact JSON, named after its `type`. */
function toEvent(payload: { type: string } & Record<string, unknown>): SseEvent {
  return { event: payload.type, data: JSON.stringify(payload) };
}

/** The start, deltas and stop of one content block. */
function encodeBlock(block: OfflineContentBlock, index: number): SseEvent[] {
  const delta = (body: Record<string, unknown>) =>
    toEvent({ type: "content_block_delta", index, delta: body });
  switch (block.type) {
    case "text":
      return [
        toEvent({ type: "content_block_start", index, content_block: { type: "text", text: "" } }),
        ...splitTextDeltas(block.text).map((text) => delta({ type: "text_delta", text })),
        toEvent({ type: "content_block_stop", index }),
      ];
    case "thinking":
      return [
        toEvent({
          type: "content_block_start",
          index,
          content_block: { type: "thinking", thinking: "", signature: "" },
        }),
        ...splitTextDeltas(block.thinking).map((thinking) => delta({ type: "thinking_delta", thinking })),
        delta({ type: "signature_delta", signature: block.signature }),
        toEvent({ type: "content_block_stop", index }),
      ];
    case "tool_use": {
      const start = { type: "tool_use", id: block.id, name: block.name, input: {} };
      const json = block.rawJson ?? stringifyLikeApi(block.input);
      const pieces = ["", ...splitJsonPieces(json)];
      return [
        toEvent({ type: "content_block_start", index, content_block: start }),
        ...pieces.map((partial_json) => delta({ type: "input_json_delta", partial_json })),
        toEvent({ type: "content_block_stop", index }),
      ];
    }
    default:
      return assertNever(block, "content block");
  }
}

/**
 * The message as the non-streaming API returns it: Toolscope's own `rawJson` is left out (a
 * tool_use keeps its `input`; after a cut, what its text partly parses to).
 */
export function toMessageJson(message: OfflineMessage): OfflineMessage {
  const content = message.content.map((block) => {
    if (block.type !== "tool_use" || block.rawJson === undefined) return block;
    const { rawJson: _rawJson, ...rest } = block;
    return rest;
  });
  return { ...message, content };
}

/**
 * The events the streaming API sends for `message`: `message_start` (no content, no stop
 * reason, `output_tokens: 1`), each block's start/deltas/stop with a `ping` after the first
 * block start, `message_delta` with the stop reason and output tokens, `message_stop`. A thinking
 * block streams `thinking_delta`s, then one `signature_delta`; a block cut at `max_tokens`
 * streams what was sent before the cut and still gets its `content_block_stop`.
 */
export function encodeMessageAsSse(message: OfflineMessage): SseEvent[] {
  const { content, stop_reason, stop_sequence, usage, ...head } = message;
  const start = {
    ...head,
    content: [],
    stop_reason: null,
    stop_sequence,
    usage: { ...usage, output_tokens: 1 },
  };
  const events: SseEvent[] = [toEvent({ type: "message_start", message: start })];
  content.forEach((block, index) => {
    const [blockStart, ...rest] = encodeBlock(block, index);
    if (blockStart) events.push(blockStart);
    // The API pings once, right after the first block starts (the raw text has a space in it).
    if (index === 0) events.push({ event: "ping", data: '{"type": "ping"}' });
    events.push(...rest);
  });
  if (content.length === 0) events.push({ event: "ping", data: '{"type": "ping"}' });
  events.push(
    toEvent({
      type: "message_delta",
      delta: { stop_reason, stop_sequence },
      usage: { output_tokens: usage.output_tokens },
    }),
    toEvent({ type: "message_stop" }),
  );
  return events;
}

/** The events as `text/event-stream` text: `event: X\ndata: Y\n\n` each (`data: Y\n\n` without a name). */
export function serializeSse(events: readonly SseEvent[]): string {
  return events.map(serializeEvent).join("");
}

/** One event as `text/event-stream` text. */
export function serializeEvent(event: SseEvent): string {
  return event.event === null ? `data: ${event.data}\n\n` : `event: ${event.event}\ndata: ${event.data}\n\n`;
}

/**
 * Turns one raw SSE message (`{ event, data }`, as the wire tap records it) into a typed
 * Anthropic stream event, or says why it cannot.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming#event-types
 */
import { isRecord, parseJson } from "@/lib/protocol/json-value";
import type { SseEvent } from "@/lib/protocol/sse";
import { isStreamIndex } from "@/lib/protocol/stream-index";
import type { AnthropicErrorBody, AnthropicStreamEvent } from "./types";

export type ParsedAnthropicEvent = { ok: true; event: AnthropicStreamEvent } | { ok: false; note: string };

/** Absent, or an array of objects each with a string `type` (what the fold can index into). */
function isBlockList(value: unknown): boolean {
  return (
    value == null ||
    (Array.isArray(value) && value.every((block) => isRecord(block) && typeof block.type === "string"))
  );
}

/** The `{ type, message }` of an error body; the raw text stands in when it is not JSON. */
function readErrorBody(body: unknown, rawData: string): AnthropicErrorBody {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  return {
    type: typeof error?.type === "string" ? error.type : "unknown_error",
    message: typeof error?.message === "string" ? error.message : rawData,
  };
}

/**
 * Reads one SSE message as an Anthropic stream event. The `error` event is recognized by its SSE
 * name or its `type` (as the SDK does); every other event by the `type` in its data, falling back
 * to the SSE name. Never throws: unparseable data, an unknown type or a missing field gives
 * `{ ok: false, note }`.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming#error-events
 */
export function parseAnthropicEvent({ event, data }: SseEvent): ParsedAnthropicEvent {
  const body = parseJson(data);
  const type = isRecord(body) && typeof body.type === "string" ? body.type : event;
  if (event === "error" || type === "error") {
    return { ok: true, event: { type: "error", error: readErrorBody(body, data) } };
  }
  if (!isRecord(body)) return { ok: false, note: `event ${event ?? "(unnamed)"}: data is not a JSON object` };
  const hasIndex = isStreamIndex(body.index);
  // The event's own `type` may be anything when the SSE name stood in for it: use the one read.
  // A copy only then: spreading every event's body costs more than the rest of the parse.
  const typed = (body.type === type ? body : { ...body, type }) as AnthropicStreamEvent;
  switch (type) {
    case "ping":
    case "message_stop":
      return { ok: true, event: { type } };
    case "message_start":
      return isRecord(body.message) && isBlockList(body.message.content)
        ? { ok: true, event: typed }
        : { ok: false, note: "message_start without a message object whose content is typed blocks" };
    case "content_block_start":
      return hasIndex && isRecord(body.content_block) && typeof body.content_block.type === "string"
        ? { ok: true, event: typed }
        : { ok: false, note: "content_block_start without an index or a typed content_block" };
    case "content_block_delta":
      return hasIndex && isRecord(body.delta) && typeof body.delta.type === "string"
        ? { ok: true, event: typed }
        : { ok: false, note: "content_block_delta without an index or a typed delta" };
    case "content_block_stop":
      return hasIndex
        ? { ok: true, event: { type, index: body.index as number } }
        : { ok: false, note: "content_block_stop without an index" };
    case "message_delta":
      return isRecord(body.delta)
        ? { ok: true, event: typed }
        : { ok: false, note: "message_delta without a delta object" };
    default:
      return { ok: false, note: `ignored an event of unknown type ${JSON.stringify(type)}` };
  }
}

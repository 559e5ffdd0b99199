/**
 * Turns one raw SSE message of a Responses stream (`{ event, data }`, as the wire tap records it)
 * into a typed stream event, or says why it cannot.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
import { isRecord, parseJson, readString } from "@/lib/protocol/json-value";
import type { SseEvent } from "@/lib/protocol/sse";
import { isStreamIndex } from "@/lib/protocol/stream-index";
import type { OpenAIResponsesErrorBody, OpenAIResponsesStreamEvent } from "./types";

export type ParsedOpenAIResponsesEvent =
  | { ok: true; event: OpenAIResponsesStreamEvent }
  /** A `response.*` event the fold has no use for: the final response carries what it did. */
  | { ok: "skipped"; type: string }
  | { ok: false; note: string };

/** The `{ code, message, param }` of an `error` event (flat, or nested under `error`). */
function readErrorBody(body: unknown, rawData: string): OpenAIResponsesErrorBody {
  const source = isRecord(body) && isRecord(body.error) ? body.error : isRecord(body) ? body : {};
  return {
    code: readString(source.code) ?? readString(source.type) ?? null,
    message: readString(source.message) ?? rawData,
    param: readString(source.param) ?? null,
  };
}

/** An index the fold can store by (bounded: see `MAX_STREAM_INDEX`). */
function isIndex(value: unknown): value is number {
  return isStreamIndex(value);
}

/** The field each event type needs besides its indexes, and whether it needs `content_index`. */
const SHAPES: Readonly<Record<string, { field: string; kind: "object" | "string"; part: boolean }>> = {
  "response.created": { field: "response", kind: "object", part: false },
  "response.in_progress": { field: "response", kind: "object", part: false },
  "response.queued": { field: "response", kind: "object", part: false },
  "response.completed": { field: "response", kind: "object", part: false },
  "response.failed": { field: "response", kind: "object", part: false },
  "response.incomplete": { field: "response", kind: "object", part: false },
  "response.output_item.added": { field: "item", kind: "object", part: false },
  "response.output_item.done": { field: "item", kind: "object", part: false },
  "response.content_part.added": { field: "part", kind: "object", part: true },
  "response.content_part.done": { field: "part", kind: "object", part: true },
  "response.output_text.delta": { field: "delta", kind: "string", part: true },
  "response.output_text.done": { field: "text", kind: "string", part: true },
  "response.refusal.delta": { field: "delta", kind: "string", part: true },
  "response.refusal.done": { field: "refusal", kind: "string", part: true },
  "response.function_call_arguments.delta": { field: "delta", kind: "string", part: false },
  "response.function_call_arguments.done": { field: "arguments", kind: "string", part: false },
};

/** Why the body does not fit its event type, or `null` when it does. */
function checkShape(type: string, body: Record<string, unknown>): string | null {
  const shape = SHAPES[type]!;
  const value = body[shape.field];
  const fits = shape.kind === "string" ? typeof value === "string" : isRecord(value);
  if (!fits)
    return `${type} without ${shape.kind === "string" ? "a string" : "an object"} ${shape.field} was ignored`;
  if (shape.field === "response") {
    return Array.isArray((value as Record<string, unknown>).output)
      ? null
      : `${type} whose response has no output array was ignored`;
  }
  if (shape.field === "item" || shape.field === "part") {
    if (typeof (value as Record<string, unknown>).type !== "string")
      return `${type} with an untyped ${shape.field} was ignored`;
  }
  if (!isIndex(body.output_index)) return `${type} without an output_index was ignored`;
  if (shape.part && !isIndex(body.content_index)) return `${type} without a content_index was ignored`;
  return null;
}

/**
 * Reads one SSE message as a Responses stream event: by the `type` in its data, falling back to
 * the SSE name. The `error` event is recognized by either. Never throws: data that is not a JSON
 * object, a known event missing a field, or an event type outside `response.*` gives
 * `{ ok: false, note }`; a `response.*` event the fold does not read (reasoning summaries, tool
 * progress, …) gives `{ ok: "skipped" }`.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
export function parseOpenAIResponsesEvent({ event, data }: SseEvent): ParsedOpenAIResponsesEvent {
  const body = parseJson(data);
  const type = isRecord(body) && typeof body.type === "string" ? body.type : event;
  if (type === "error" || event === "error")
    return { ok: true, event: { type: "error", error: readErrorBody(body, data) } };
  if (!isRecord(body)) return { ok: false, note: `event ${event ?? "(unnamed)"}: data is not a JSON object` };
  if (type === null) return { ok: false, note: "an event without a type was ignored" };
  if (!Object.hasOwn(SHAPES, type)) {
    return type.startsWith("response.")
      ? { ok: "skipped", type }
      : { ok: false, note: `ignored an event of unknown type ${JSON.stringify(type)}` };
  }
  const problem = checkShape(type, body);
  return problem
    ? { ok: false, note: problem }
    : { ok: true, event: { ...body, type } as OpenAIResponsesStreamEvent };
}

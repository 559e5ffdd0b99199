/**
 * Turns one raw SSE message of a Chat Completions stream (`{ event: null, data }`, as the wire tap
 * records it) into a chunk, the `[DONE]` sentinel or an error — or says why it cannot.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */
import { isRecord, parseJson, readString } from "@/lib/protocol/json-value";
import type { SseEvent } from "@/lib/protocol/sse";
import { isStreamIndex } from "@/lib/protocol/stream-index";
import type { OpenAIChatChunk, OpenAIChatErrorBody } from "./types";

export type ParsedOpenAIChatEvent =
  | { ok: true; kind: "chunk"; chunk: OpenAIChatChunk }
  | { ok: true; kind: "done" }
  | { ok: true; kind: "error"; error: OpenAIChatErrorBody }
  | { ok: false; note: string };

/** The `{ message, type, code, param }` of an error; the raw JSON stands in for a missing message. */
function readErrorBody(error: unknown): OpenAIChatErrorBody {
  if (!isRecord(error)) return { message: JSON.stringify(error), type: null, code: null };
  return {
    message: readString(error.message) ?? JSON.stringify(error),
    type: readString(error.type) ?? null,
    code: typeof error.code === "number" ? String(error.code) : (readString(error.code) ?? null),
    ...("param" in error ? { param: readString(error.param) ?? null } : {}),
  };
}

/** An index the fold can store by (bounded: see `MAX_STREAM_INDEX`). */
function isIndex(value: unknown): value is number {
  return isStreamIndex(value);
}

/** Why a chunk's choices cannot be folded, or `null` when they can. */
function checkChoices(choices: unknown): string | null {
  if (!Array.isArray(choices)) return "a chunk without a choices array was ignored";
  for (const choice of choices) {
    if (!isRecord(choice) || !isIndex(choice.index))
      return "a chunk with a choice lacking an index was ignored";
    if (choice.delta !== undefined && !isRecord(choice.delta))
      return `a chunk whose choice ${choice.index} has a delta that is not an object was ignored`;
    const toolCalls = isRecord(choice.delta) ? choice.delta.tool_calls : undefined;
    if (toolCalls === undefined || toolCalls === null) continue;
    if (!Array.isArray(toolCalls) || !toolCalls.every((call) => isRecord(call) && isIndex(call.index)))
      return `a chunk whose choice ${choice.index} has a tool call lacking an index was ignored`;
  }
  return null;
}

/**
 * Reads one SSE message of a chat stream. `data: [DONE]` ends the stream (any data starting with
 * `[DONE]`, as the SDK checks); data with a truthy `error` is an error, as the SDK throws it. Never
 * throws: data that is not a JSON object, or a chunk whose choices cannot be folded, gives
 * `{ ok: false, note }`.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */
export function parseOpenAIChatEvent({ data }: SseEvent): ParsedOpenAIChatEvent {
  if (data.startsWith("[DONE]")) return { ok: true, kind: "done" };
  const body = parseJson(data);
  if (!isRecord(body)) return { ok: false, note: "a data line that is not a JSON object was ignored" };
  if (body.error) return { ok: true, kind: "error", error: readErrorBody(body.error) };
  const problem = checkChoices(body.choices);
  if (problem) return { ok: false, note: problem };
  return { ok: true, kind: "chunk", chunk: body as OpenAIChatChunk };
}

import "server-only";
import { assembleAnthropicStream } from "@/lib/protocol/anthropic/assemble";
import { assembleOpenAIChatStream } from "@/lib/protocol/openai-chat/assemble";
import { assembleOpenAIResponsesStream } from "@/lib/protocol/openai-responses/assemble";
import { decodeSse, type SseEvent } from "@/lib/protocol/sse";
import { assertNever, type WireFormat } from "@/lib/protocol/unified";
import { readResponseBody, type ReadResponse } from "./response-body";
import { isRecord, parseJson } from "./shapes";

/** A raw SSE capture: its events as they came, and the turn they assemble to (unless it ended in an error). */
export interface ReadCapture {
  format: WireFormat;
  events: SseEvent[];
  response?: ReadResponse;
  /** An `error` event in the stream: what it said, and its raw data. */
  error?: { message: string; body: string };
  /** The capture ends before the stream's end (`message_stop`, `[DONE]`, `response.completed`): the turn is what had arrived. */
  cut?: true;
}

export type ReadCaptureOutcome = { ok: true; value: ReadCapture } | { ok: false; error: string };

const ANTHROPIC_TYPES = new Set([
  "message_start",
  "content_block_start",
  "content_block_delta",
  "content_block_stop",
  "message_delta",
  "message_stop",
  "ping",
]);

/** The wire format whose event names and payloads the capture has most of, or `null`. */
function detectStreamFormat(events: readonly SseEvent[]): WireFormat | null {
  const votes: Record<WireFormat, number> = { anthropic: 0, "openai-chat": 0, "openai-responses": 0 };
  for (const { event, data } of events) {
    const parsed = parseJson(data);
    const type = isRecord(parsed) && typeof parsed.type === "string" ? parsed.type : (event ?? "");
    if (type.startsWith("response.") || (type === "error" && isRecord(parsed) && "code" in parsed))
      votes["openai-responses"] += 1;
    else if (ANTHROPIC_TYPES.has(type) || (type === "error" && isRecord(parsed) && isRecord(parsed.error)))
      votes.anthropic += 1;
    else if (
      data === "[DONE]" ||
      (isRecord(parsed) && (parsed.object === "chat.completion.chunk" || Array.isArray(parsed.choices)))
    )
      votes["openai-chat"] += 1;
  }
  const [best] = (Object.entries(votes) as [WireFormat, number][]).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : null;
}

/** Events of a capture: SSE, or (when nothing decodes as SSE) one JSON event per line with its `type`. */
function decodeCapture(text: string, notes: string[]): SseEvent[] {
  if (text.endsWith("\uFFFD"))
    notes.push(
      "The capture ends inside a multi-byte UTF-8 character (it was cut mid-character); that character reads as U+FFFD.",
    );
  let body = text;
  const head = /^HTTP\/\d(?:\.\d)? \d{3}[^\n]*\n(?:[^\n]+\n)*?\r?\n/.exec(text);
  if (head) {
    body = text.slice(head[0].length);
    notes.push("The capture began with an HTTP status line and headers (curl -i); they were skipped.");
  }
  const { events, notes: sseNotes } = decodeSse(body, { lenient: true });
  if (events.length > 0) {
    notes.push(...sseNotes);
    return events;
  }
  const lines = body.split(/\r?\n/).filter((line) => line.trim() !== "");
  const parsed = lines.map((line) => parseJson(line));
  if (lines.length === 0 || !parsed.every((p) => isRecord(p) && typeof p.type === "string")) return [];
  notes.push(
    "The text has no SSE framing; each line was read as one event's JSON data, its type as the event name.",
  );
  return lines.map((data, i) => ({ event: (parsed[i] as { type: string }).type, data }));
}

function describeError(error: { type?: unknown; code?: unknown; message?: unknown }): string {
  const kind =
    typeof error.type === "string" ? error.type : typeof error.code === "string" ? error.code : "error";
  return `${kind}: ${typeof error.message === "string" ? error.message : "(no message)"}`;
}

/** Events of a known format assembled by the same folds a live stream goes through (a capture's relay uses it too). */
export function assembleCapture(format: WireFormat, events: SseEvent[], notes: string[]): ReadCapture {
  const errorBody = findErrorData(events);
  const finish = (
    message: Record<string, unknown> | null,
    error: object | undefined,
    done: boolean,
    end: string,
    raw?: Readonly<Record<number, string>>,
  ): ReadCapture => {
    if (error) return { format, events, error: { message: describeError(error), body: errorBody } };
    if (!message) {
      notes.push("The capture holds no message: no turn was recorded.");
      return { format, events };
    }
    if (!done) notes.push(`The capture ends before ${end}: the turn holds what had arrived.`);
    const read = readResponseBody(message, format, notes, raw);
    if (read.ok) return { format, events, response: read.value, ...(done ? {} : { cut: true as const }) };
    notes.push(`The assembled message could not be read (${read.error}): no turn was recorded.`);
    return { format, events };
  };
  switch (format) {
    case "anthropic": {
      const state = assembleAnthropicStream(events);
      notes.push(...state.notes);
      return finish(state.message, state.error, state.done, "message_stop", state.partialJson);
    }
    case "openai-chat": {
      const state = assembleOpenAIChatStream(events);
      notes.push(...state.notes);
      return finish(
        state.completion as Record<string, unknown> | null,
        state.error,
        state.done,
        "data: [DONE]",
      );
    }
    case "openai-responses": {
      const state = assembleOpenAIResponsesStream(events);
      notes.push(...state.notes);
      return finish(state.response, state.error, state.done, "response.completed");
    }
    default:
      return assertNever(format, "wire format");
  }
}

/** The raw data of the stream's last error event (what the SDK would have thrown with). */
function findErrorData(events: readonly SseEvent[]): string {
  for (let i = events.length - 1; i >= 0; i--) {
    const { event, data } = events[i]!;
    const parsed = parseJson(data);
    if (event === "error" || (isRecord(parsed) && (parsed.type === "error" || isRecord(parsed.error))))
      return data;
  }
  return "";
}

/**
 * A raw SSE capture as pasted from browser devtools or `curl -N`, read leniently: a last event
 * without its blank line is dispatched (and noted), a leading HTTP head is skipped. The wire
 * format is detected from event names and payloads; the events are assembled by the same folds
 * a live stream goes through.
 */
export function readSseCapture(text: string, notes: string[]): ReadCaptureOutcome {
  const events = decodeCapture(text, notes);
  if (events.length === 0) return { ok: false, error: "The text holds no SSE events (no data: lines)." };
  const format = detectStreamFormat(events);
  if (!format)
    return {
      ok: false,
      error: "The SSE events are none of Anthropic Messages, OpenAI Chat Completions or Responses streams.",
    };
  return { ok: true, value: assembleCapture(format, events, notes) };
}

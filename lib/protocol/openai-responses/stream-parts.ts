/**
 * Responses SSE events as stream parts (`lib/protocol/stream-parts`), on top of the assembly fold.
 * A message's content part is a block named `<output_index>:<content_index>`; any other output
 * item is one block named by its `output_index`. Reasoning summaries, custom tool input and
 * built-in tool progress are read here even where the fold passes over them.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
import type { SseEvent } from "@/lib/protocol/sse";
import type { StreamPart, StreamPartsStep } from "@/lib/protocol/stream-parts";
import {
  createOpenAIResponsesStreamState,
  reduceOpenAIResponsesEvent,
  type OpenAIResponsesStreamState,
} from "./assemble";
import { readClientToolCall } from "./client-tools";
import { parseOpenAIResponsesEvent } from "./parse-event";
import { mapOpenAIResponsesStopReason, mapOpenAIResponsesUsage } from "./stop-reason";
import type { OpenAIResponsesOutputItem } from "./types";
import { isRecord } from "@/lib/protocol/json-value";

type BlockKind = "text" | "reasoning" | "tool" | "other";

export interface OpenAIResponsesPartsState {
  fold: OpenAIResponsesStreamState;
  /** Blocks started, in order, with their kind; and the ids of those that ended. */
  started: readonly (readonly [string, BlockKind])[];
  ended: readonly string[];
}

export function createOpenAIResponsesPartsState(): OpenAIResponsesPartsState {
  return { fold: createOpenAIResponsesStreamState(), started: [], ended: [] };
}

function readBody(data: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(data);
    return isRecord(body) ? body : {};
  } catch {
    return {};
  }
}

class PartsBuilder {
  readonly parts: StreamPart[] = [];
  started: (readonly [string, BlockKind])[];
  ended: string[];
  constructor(state: OpenAIResponsesPartsState) {
    this.started = [...state.started];
    this.ended = [...state.ended];
  }
  kindOf(id: string): BlockKind | undefined {
    return this.started.find(([candidate]) => candidate === id)?.[1];
  }
  isOpen(id: string): boolean {
    return this.kindOf(id) !== undefined && !this.ended.includes(id);
  }
  start(id: string, kind: BlockKind, part: StreamPart): void {
    if (this.kindOf(id) !== undefined) return;
    this.started.push([id, kind]);
    this.parts.push(part);
  }
  /** A delta for an open block of `kind`; anything else is dropped (the fold noted or skipped it). */
  delta(id: string, kind: BlockKind, part: StreamPart): void {
    if (this.isOpen(id) && this.kindOf(id) === kind) this.parts.push(part);
  }
  end(id: string, item: OpenAIResponsesOutputItem | undefined): void {
    const kind = this.kindOf(id);
    if (kind === undefined || this.ended.includes(id)) return;
    this.ended.push(id);
    if (kind === "text") this.parts.push({ type: "text-end", id });
    else if (kind === "reasoning") {
      const signature = typeof item?.encrypted_content === "string" ? item.encrypted_content : null;
      this.parts.push({ type: "reasoning-end", id, signature });
    } else if (kind === "tool") {
      const call = item ? readClientToolCall(item) : null;
      this.parts.push({ type: "tool-input-end", id });
      if (call)
        this.parts.push({
          type: "tool-call",
          id,
          toolCallId: call.callId,
          toolName: call.name,
          input: call.input,
        });
    } else
      this.parts.push({ type: "other", id, blockType: String(item?.type ?? "?"), raw: item, done: true });
  }
  /** Ends the item at `index` and its content parts. */
  endItem(index: number, item: OpenAIResponsesOutputItem | undefined): void {
    const prefix = `${index}:`;
    for (const [id] of [...this.started]) if (id.startsWith(prefix)) this.end(id, item);
    this.end(String(index), item);
  }
}

function startItem(builder: PartsBuilder, index: number, item: OpenAIResponsesOutputItem): void {
  const id = String(index);
  if (item.type === "message") return;
  if (item.type === "reasoning") {
    builder.start(id, "reasoning", { type: "reasoning-start", id, redacted: null });
    return;
  }
  const call = readClientToolCall(item);
  if (!call) {
    builder.start(id, "other", { type: "other", id, blockType: item.type, raw: item, done: false });
    return;
  }
  builder.start(id, "tool", {
    type: "tool-input-start",
    id,
    toolCallId: call.callId,
    toolName: call.name,
    providerExecuted: false,
  });
  const streams = item.type === "function_call" || item.type === "custom_tool_call";
  if (streams && call.input !== "") builder.parts.push({ type: "tool-input-delta", id, delta: call.input });
}

/** The summary text of a reasoning item that arrived whole, never streamed. */
function readSummary(item: OpenAIResponsesOutputItem): string {
  if (!Array.isArray(item.summary)) return "";
  return item.summary
    .map((part: unknown) => (isRecord(part) && typeof part.text === "string" ? part.text : ""))
    .join("\n\n");
}

function addSkippedParts(builder: PartsBuilder, type: string, body: Record<string, unknown>): void {
  const id = String(body.output_index);
  const delta = typeof body.delta === "string" ? body.delta : "";
  if (type === "response.custom_tool_call_input.delta")
    builder.delta(id, "tool", { type: "tool-input-delta", id, delta });
  else if (type === "response.reasoning_summary_text.delta" || type === "response.reasoning_text.delta")
    builder.delta(id, "reasoning", { type: "reasoning-delta", id, delta });
  else if (
    type === "response.reasoning_summary_part.added" &&
    typeof body.summary_index === "number" &&
    body.summary_index > 0
  )
    builder.delta(id, "reasoning", { type: "reasoning-delta", id, delta: "\n\n" });
}

function addParts(
  builder: PartsBuilder,
  before: OpenAIResponsesStreamState,
  after: OpenAIResponsesStreamState,
  event: SseEvent,
): void {
  const parsed = parseOpenAIResponsesEvent(event);
  if (parsed.ok === "skipped") return addSkippedParts(builder, parsed.type, readBody(event.data));
  if (!parsed.ok) return;
  const typed = parsed.event;
  const response = after.response;
  switch (typed.type) {
    case "error":
      builder.parts.push({ type: "error", code: typed.error.code, message: typed.error.message });
      return;
    case "response.created":
      builder.parts.push({
        type: "stream-start",
        responseId: response?.id ?? null,
        model: response?.model ?? null,
      });
      return;
    case "response.completed":
    case "response.failed":
    case "response.incomplete":
      for (const [id] of [...builder.started]) builder.end(id, response?.output[Number(id.split(":")[0])]);
      builder.parts.push({ type: "usage", usage: mapOpenAIResponsesUsage(response?.usage) });
      builder.parts.push({ type: "finish", stopReason: mapOpenAIResponsesStopReason(response!) });
      return;
    case "response.output_item.added":
      startItem(builder, typed.output_index, typed.item);
      return;
    case "response.output_item.done": {
      const item = response?.output[typed.output_index];
      if (item && !before.response?.output[typed.output_index]) {
        startItem(builder, typed.output_index, item);
        const summary = item.type === "reasoning" ? readSummary(item) : "";
        if (summary)
          builder.parts.push({ type: "reasoning-delta", id: String(typed.output_index), delta: summary });
      }
      builder.endItem(typed.output_index, item);
      return;
    }
    case "response.content_part.added": {
      const id = `${typed.output_index}:${typed.content_index}`;
      if (response?.output[typed.output_index]?.type !== "message") return;
      if (typed.part.type === "output_text" || typed.part.type === "refusal")
        builder.start(id, "text", { type: "text-start", id, refusal: typed.part.type === "refusal" });
      else
        builder.start(id, "other", {
          type: "other",
          id,
          blockType: typed.part.type,
          raw: typed.part,
          done: false,
        });
      return;
    }
    case "response.content_part.done": {
      const id = `${typed.output_index}:${typed.content_index}`;
      builder.end(id, response?.output[typed.output_index]);
      return;
    }
    case "response.output_text.delta":
    case "response.refusal.delta": {
      const id = `${typed.output_index}:${typed.content_index}`;
      builder.delta(id, "text", { type: "text-delta", id, delta: typed.delta });
      return;
    }
    case "response.function_call_arguments.delta": {
      const id = String(typed.output_index);
      builder.delta(id, "tool", { type: "tool-input-delta", id, delta: typed.delta });
      return;
    }
    default:
      return;
  }
}

/**
 * One Responses SSE event as parts. An event the fold ignored (it adds a note) gives no parts.
 * Never throws.
 */
export function stepOpenAIResponsesParts(
  state: OpenAIResponsesPartsState,
  event: SseEvent,
): StreamPartsStep<OpenAIResponsesPartsState> {
  const fold = reduceOpenAIResponsesEvent(state.fold, event);
  const notes = fold.notes.slice(state.fold.notes.length);
  const ignored = notes.length > 0 && fold.response === state.fold.response && fold.done === state.fold.done;
  if (ignored) return { state: { ...state, fold }, parts: [], notes };
  const builder = new PartsBuilder(state);
  addParts(builder, state.fold, fold, event);
  return { state: { fold, started: builder.started, ended: builder.ended }, parts: builder.parts, notes };
}

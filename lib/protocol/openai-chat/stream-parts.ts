/**
 * Chat Completions chunks as stream parts (`lib/protocol/stream-parts`), on top of the assembly
 * fold. Chat has no block events: a block starts with its first fragment (`content`, `refusal`,
 * a `reasoning_content` some compatible servers send, a tool call's first `tool_calls` entry) and
 * every open block ends when choice 0 gets its `finish_reason` (or at `[DONE]` without one).
 * Blocks are named `text`, `refusal`, `reasoning` and `call:<tool call index>`.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */
import type { SseEvent } from "@/lib/protocol/sse";
import type { StreamPart, StreamPartsStep } from "@/lib/protocol/stream-parts";
import { createOpenAIChatStreamState, reduceOpenAIChatEvent, type OpenAIChatStreamState } from "./assemble";
import { parseOpenAIChatEvent } from "./parse-chunk";
import { mapOpenAIChatFinishReason, mapOpenAIChatUsage } from "./stop-reason";
import type { OpenAIChatChunk } from "./types";

export interface OpenAIChatPartsState {
  fold: OpenAIChatStreamState;
  /** Blocks started, in order, and which of them have ended. */
  started: readonly string[];
  ended: readonly string[];
  /** The `finish` part was given. */
  finished: boolean;
}

export function createOpenAIChatPartsState(): OpenAIChatPartsState {
  return { fold: createOpenAIChatStreamState(), started: [], ended: [], finished: false };
}

/** Collects the parts of one event while tracking which blocks are open. */
class PartsBuilder {
  readonly parts: StreamPart[] = [];
  started: string[];
  ended: string[];
  constructor(state: OpenAIChatPartsState) {
    this.started = [...state.started];
    this.ended = [...state.ended];
  }
  isOpen(id: string): boolean {
    return this.started.includes(id) && !this.ended.includes(id);
  }
  start(id: string, part: StreamPart): boolean {
    if (this.started.includes(id)) return this.isOpen(id);
    this.started.push(id);
    this.parts.push(part);
    return true;
  }
  endAll(fold: OpenAIChatStreamState): void {
    const calls = fold.completion?.choices[0]?.message.tool_calls ?? [];
    for (const id of this.started) {
      if (this.ended.includes(id)) continue;
      this.ended.push(id);
      if (id === "reasoning") this.parts.push({ type: "reasoning-end", id, signature: null });
      else if (!id.startsWith("call:")) this.parts.push({ type: "text-end", id });
      else {
        const call = calls[Number(id.slice("call:".length))];
        this.parts.push({ type: "tool-input-end", id });
        this.parts.push({
          type: "tool-call",
          id,
          toolCallId: call?.id ?? "",
          toolName: call?.function.name ?? "",
          input: call?.function.arguments ?? "",
        });
      }
    }
  }
}

function readReasoning(delta: Record<string, unknown>): string {
  const value = delta.reasoning_content ?? delta.reasoning;
  return typeof value === "string" ? value : "";
}

function addChoiceParts(builder: PartsBuilder, chunk: OpenAIChatChunk, fold: OpenAIChatStreamState): void {
  const choice = chunk.choices.find((candidate) => candidate.index === 0);
  const delta = choice?.delta;
  if (!delta) return;
  const reasoning = readReasoning(delta);
  if (reasoning && builder.start("reasoning", { type: "reasoning-start", id: "reasoning", redacted: null }))
    builder.parts.push({ type: "reasoning-delta", id: "reasoning", delta: reasoning });
  for (const [id, text] of [
    ["text", delta.content],
    ["refusal", delta.refusal],
  ] as const) {
    if (typeof text !== "string" || text === "") continue;
    if (builder.start(id, { type: "text-start", id, refusal: id === "refusal" }))
      builder.parts.push({ type: "text-delta", id, delta: text });
  }
  const calls = fold.completion?.choices[0]?.message.tool_calls ?? [];
  for (const fragment of delta.tool_calls ?? []) {
    const id = `call:${fragment.index}`;
    const call = calls[fragment.index];
    const open = builder.start(id, {
      type: "tool-input-start",
      id,
      toolCallId: call?.id ?? "",
      toolName: call?.function.name ?? "",
      providerExecuted: false,
    });
    const piece = fragment.function?.arguments;
    if (open && typeof piece === "string" && piece !== "")
      builder.parts.push({ type: "tool-input-delta", id, delta: piece });
  }
}

/**
 * One chat SSE event as parts. A chunk the fold ignored gives no parts; choices other than 0 are
 * not read (Toolscope never asks for `n > 1`). Never throws.
 */
export function stepOpenAIChatParts(
  state: OpenAIChatPartsState,
  event: SseEvent,
): StreamPartsStep<OpenAIChatPartsState> {
  const fold = reduceOpenAIChatEvent(state.fold, event);
  const notes = fold.notes.slice(state.fold.notes.length);
  if (notes.length > 0) return { state: { ...state, fold }, parts: [], notes };
  const parsed = parseOpenAIChatEvent(event);
  const builder = new PartsBuilder(state);
  let finished = state.finished;
  if (parsed.ok && parsed.kind === "error")
    builder.parts.push({
      type: "error",
      code: parsed.error.code ?? parsed.error.type,
      message: parsed.error.message,
    });
  if (parsed.ok && parsed.kind === "chunk") {
    if (!state.fold.completion)
      builder.parts.push({
        type: "stream-start",
        responseId: fold.completion?.id ?? null,
        model: fold.completion?.model ?? null,
      });
    addChoiceParts(builder, parsed.chunk, fold);
    const finishReason = parsed.chunk.choices.find((choice) => choice.index === 0)?.finish_reason;
    if (finishReason && !finished) {
      builder.endAll(fold);
      builder.parts.push({
        type: "finish",
        stopReason: mapOpenAIChatFinishReason(finishReason, fold.completion?.choices[0]?.message),
      });
      finished = true;
    }
    if (parsed.chunk.usage)
      builder.parts.push({ type: "usage", usage: mapOpenAIChatUsage(parsed.chunk.usage) });
  }
  if (parsed.ok && parsed.kind === "done" && !finished) {
    builder.endAll(fold);
    builder.parts.push({ type: "finish", stopReason: mapOpenAIChatFinishReason(null) });
    finished = true;
  }
  return {
    state: { fold, started: builder.started, ended: builder.ended, finished },
    parts: builder.parts,
    notes,
  };
}

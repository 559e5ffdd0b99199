/**
 * Anthropic stream assembly as a pure fold: `reduceAnthropicEvent(state, { event, data })`.
 *
 * A state is never mutated; each step copies only what changed (the message, its content array,
 * the one block), so a scrubber can keep the state after every event and step back for free.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming
 */
import type { SseEvent } from "@/lib/protocol/sse";
import { applyBlockDelta, finishBlock, tracksToolInput } from "./assemble-blocks";
import { parseAnthropicEvent } from "./parse-event";
import type {
  AnthropicContentBlock,
  AnthropicErrorBody,
  AnthropicMessage,
  AnthropicStreamEvent,
  AnthropicUsage,
} from "./types";

export { snapshotToolArguments } from "./tool-arguments";

export interface AnthropicStreamState {
  /** `null` until `message_start`; then the message as assembled so far. */
  message: AnthropicMessage | null;
  /** `message_stop` was seen. */
  done: boolean;
  /** The last `error` event, if any. */
  error?: AnthropicErrorBody;
  /** The joined `input_json_delta` text of each tool block, by block index, exactly as streamed. */
  partialJson: Readonly<Record<number, string>>;
  /** Indexes of the blocks whose `content_block_stop` was seen. */
  stoppedBlocks: readonly number[];
  /** What was ignored or could not be read, in order. */
  notes: readonly string[];
}

export type AnthropicAssembly = AnthropicStreamState;

/** The state before any event. */
export function createAnthropicStreamState(): AnthropicStreamState {
  return { message: null, done: false, partialJson: {}, stoppedBlocks: [], notes: [] };
}

function addNote(state: AnthropicStreamState, note: string): AnthropicStreamState {
  return { ...state, notes: [...state.notes, note] };
}

function withBlock(message: AnthropicMessage, index: number, block: AnthropicContentBlock): AnthropicMessage {
  const content = [...message.content];
  content[index] = block;
  return { ...message, content };
}

/** Copies the message of `message_start`; a message without `content` gets an empty one. */
function startMessage(raw: AnthropicMessage): AnthropicMessage {
  const message: AnthropicMessage = { ...raw, content: Array.isArray(raw.content) ? [...raw.content] : [] };
  if (typeof raw.usage === "object" && raw.usage !== null) message.usage = { ...raw.usage };
  return message;
}

/**
 * Merges `message_delta` as the SDK does: `stop_reason`, `stop_sequence` and `stop_details` are
 * set whenever present, other delta fields when not null; usage counters are whole-message
 * totals, so each non-null one overwrites (`output_tokens` always does).
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming#event-types
 */
function mergeMessageDelta(
  message: AnthropicMessage,
  event: Extract<AnthropicStreamEvent, { type: "message_delta" }>,
): AnthropicMessage {
  const merged: AnthropicMessage = { ...message };
  for (const [key, value] of Object.entries(event.delta)) {
    if (value !== null || ["stop_reason", "stop_sequence", "stop_details"].includes(key)) merged[key] = value;
  }
  // Beside `delta` on the event, set when not null (as the SDK's beta stream does).
  if (event.context_management != null) merged.context_management = event.context_management;
  if (event.input_transformations != null) merged.input_transformations = event.input_transformations;
  if (event.usage) {
    const usage: AnthropicUsage = { ...message.usage };
    for (const [key, value] of Object.entries(event.usage)) {
      if (value !== null || key === "output_tokens") usage[key] = value;
    }
    merged.usage = usage;
  }
  return merged;
}

/**
 * The `error.type` of the stream error a second `message_start` raises: one HTTP response holds
 * one message, and the SDK throws on it ("Unexpected event order"), so the turn has failed.
 */
export const EVENT_ORDER_ERROR = "unexpected_event_order";

/** A `fallback` block names the model that served the rest of the response; the SDK relabels the message. */
function withFallbackModel(message: AnthropicMessage, block: AnthropicContentBlock): AnthropicMessage {
  if (block.type !== "fallback") return message;
  const to = (block as { to?: unknown }).to;
  const model = typeof to === "object" && to !== null ? (to as { model?: unknown }).model : undefined;
  return typeof model === "string" ? { ...message, model } : message;
}

function reduceParsed(state: AnthropicStreamState, event: AnthropicStreamEvent): AnthropicStreamState {
  if (state.error?.type === EVENT_ORDER_ERROR)
    return addNote(state, `${event.type} after the stream failed was ignored`);
  if (event.type === "error") return { ...state, error: event.error };
  if (event.type === "ping") return state;
  if (event.type === "message_start") {
    if (!state.message) return { ...state, message: startMessage(event.message) };
    const message = `Unexpected event order, got message_start before receiving "message_stop"`;
    return {
      ...addNote(state, `a second message_start: ${message}`),
      error: { type: EVENT_ORDER_ERROR, message },
    };
  }
  const message = state.message;
  if (!message) return addNote(state, `${event.type} before message_start was ignored`);
  if (state.done) return addNote(state, `${event.type} after message_stop was ignored`);
  switch (event.type) {
    case "message_stop":
      return { ...state, done: true };
    case "message_delta":
      return { ...state, message: mergeMessageDelta(message, event) };
    case "content_block_start": {
      if (message.content[event.index] !== undefined)
        return addNote(state, `block ${event.index} started twice; the second start was ignored`);
      const started = withBlock(message, event.index, { ...event.content_block });
      return { ...state, message: withFallbackModel(started, event.content_block) };
    }
    case "content_block_delta": {
      const block = message.content[event.index];
      if (!block)
        return addNote(
          state,
          `${event.delta.type} for block ${event.index}, which never started, was ignored`,
        );
      const outcome = applyBlockDelta(block, event.delta, {
        index: event.index,
        previousJson: state.partialJson[event.index],
      });
      if (outcome.kind === "ignored") return addNote(state, outcome.note);
      if (outcome.kind === "json")
        return { ...state, partialJson: { ...state.partialJson, [event.index]: outcome.partialJson } };
      return { ...state, message: withBlock(message, event.index, outcome.block) };
    }
    case "content_block_stop": {
      const block = message.content[event.index];
      if (!block)
        return addNote(
          state,
          `content_block_stop for block ${event.index}, which never started, was ignored`,
        );
      const { block: finished, note } = finishBlock(block, state.partialJson[event.index], event.index);
      const next = {
        ...state,
        message: withBlock(message, event.index, finished),
        stoppedBlocks: [...state.stoppedBlocks, event.index],
      };
      return note ? addNote(next, note) : next;
    }
    default: {
      const raw: { type: string } = event;
      return addNote(state, `ignored an event of type ${raw.type}`);
    }
  }
}

/**
 * One step of the fold. Never throws and never mutates `state`: an event that cannot be read or
 * does not fit (a delta before its block starts, anything after `message_stop`, a frame with no
 * `event:` name) leaves the assembly unchanged and adds a note. A second `message_start` is a
 * stream error ({@link EVENT_ORDER_ERROR}), after which every event is ignored. Deltas may
 * interleave across block indexes.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming#basic-streaming-request
 */
export function reduceAnthropicEvent(state: AnthropicStreamState, event: SseEvent): AnthropicStreamState {
  // Every Anthropic event is named; the SDK skips a frame without an `event:` line, and so do we.
  if (event.event === null) return addNote(state, "a data-only frame (no event: line) was ignored");
  const parsed = parseAnthropicEvent(event);
  if (!parsed.ok) return addNote(state, parsed.note);
  try {
    return reduceParsed(state, parsed.event);
  } catch (error) {
    // A field of the wrong type deep inside (a delta's `text` that is an object): unreadable too.
    return addNote(state, `${parsed.event.type} could not be folded (${String(error)}) and was ignored`);
  }
}

type Writable<S> = { -readonly [K in keyof S]: S[K] };

/**
 * {@link reduceAnthropicEvent} for a caller that owns `state` and keeps no earlier state: the
 * live path (the provider's assembling tap) and whole-stream assembly. The same result, but a
 * block's start, stop and text, thinking or tool-argument deltas (nearly every event of a
 * stream) change the message in place instead of copying it, its content array and the block;
 * every other event goes through the pure fold. Returns the next state, which may be `state` itself, changed. A scrubber
 * that keeps states must use {@link reduceAnthropicEvent}.
 */
export function reduceAnthropicEventInPlace(
  state: AnthropicStreamState,
  event: SseEvent,
): AnthropicStreamState {
  if (event.event === null) return addNote(state, "a data-only frame (no event: line) was ignored");
  const parsed = parseAnthropicEvent(event);
  if (!parsed.ok) return addNote(state, parsed.note);
  const step = parsed.event;
  const message = state.message;
  const open = message && !state.done && state.error?.type !== EVENT_ORDER_ERROR;
  if (open && step.type === "content_block_start" && message.content[step.index] === undefined) {
    message.content[step.index] = { ...step.content_block };
    return step.content_block.type === "fallback"
      ? { ...state, message: withFallbackModel(message, step.content_block) }
      : state;
  }
  if (open && step.type === "content_block_stop" && message.content[step.index]) {
    const { block, note } = finishBlock(
      message.content[step.index]!,
      state.partialJson[step.index],
      step.index,
    );
    message.content[step.index] = block;
    (state.stoppedBlocks as number[]).push(step.index);
    if (note) (state.notes as string[]).push(note);
    return state;
  }
  if (open && step.type === "content_block_delta") {
    const block = message.content[step.index] as Writable<AnthropicContentBlock> | undefined;
    const delta = step.delta;
    if (block && delta.type === "text_delta" && block.type === "text" && typeof delta.text === "string") {
      block.text = String(block.text ?? "") + delta.text;
      return state;
    }
    if (
      block &&
      delta.type === "thinking_delta" &&
      block.type === "thinking" &&
      typeof delta.thinking === "string"
    ) {
      block.thinking = String(block.thinking ?? "") + delta.thinking;
      return state;
    }
    if (
      block &&
      delta.type === "input_json_delta" &&
      tracksToolInput(block) &&
      typeof delta.partial_json === "string"
    ) {
      const partialJson = state.partialJson as Record<number, string>;
      partialJson[step.index] = (partialJson[step.index] ?? "") + delta.partial_json;
      return state;
    }
  }
  try {
    return reduceParsed(state, step);
  } catch (error) {
    return addNote(state, `${step.type} could not be folded (${String(error)}) and was ignored`);
  }
}

/**
 * Folds a whole stream. `message` has the shape the SDK's `finalMessage()` returns, except that
 * a tool block cut off before its `content_block_stop` keeps the `input` it started with (the
 * SDK guesses one by repairing the JSON); its raw text is in `partialJson`.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming
 */
export function assembleAnthropicStream(events: Iterable<SseEvent>): AnthropicAssembly {
  let state = createAnthropicStreamState();
  for (const event of events) state = reduceAnthropicEventInPlace(state, event);
  return state;
}

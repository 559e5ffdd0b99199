/**
 * Chat Completions stream assembly as a pure fold: `reduceOpenAIChatEvent(state, { event, data })`.
 *
 * A state is never mutated; each step copies only what changed (the completion, its choices
 * array, the one choice and message, the one tool call), so a scrubber can keep the state after
 * every event and step back for free.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */
import type { SseEvent } from "@/lib/protocol/sse";
import { assertNever } from "@/lib/protocol/unified";
import { assignOthers, mergeChoice, mergeChoiceInPlace } from "./assemble-choice";
import { parseOpenAIChatEvent } from "./parse-chunk";
import type { OpenAIChatChunk, OpenAIChatCompletion, OpenAIChatErrorBody } from "./types";

export { snapshotToolArguments } from "./tool-arguments";

export interface OpenAIChatStreamState {
  /** `null` until the first chunk; then the completion as assembled so far, in its final shape. */
  completion: OpenAIChatCompletion | null;
  /** `data: [DONE]` was seen. */
  done: boolean;
  /** The last error carried in the stream's data, if any. */
  error?: OpenAIChatErrorBody;
  /**
   * The joined `arguments` fragments of choice 0's tool calls, by tool call `index`, exactly as
   * streamed (Toolscope never asks for `n > 1`). An entry appears with the call's first chunk.
   */
  partialJson: Readonly<Record<number, string>>;
  /** What was ignored or could not be read, in order. */
  notes: readonly string[];
}

export type OpenAIChatAssembly = OpenAIChatStreamState;

/** The state before any event. */
export function createOpenAIChatStreamState(): OpenAIChatStreamState {
  return { completion: null, done: false, partialJson: {}, notes: [] };
}

function addNote(state: OpenAIChatStreamState, note: string): OpenAIChatStreamState {
  return { ...state, notes: [...state.notes, note] };
}

/**
 * Merges a chunk as the SDK does: top-level fields overwrite (the usage chunk brings `usage`),
 * `object` becomes `chat.completion`, a falsy `system_fingerprint` is left out, choices merge by
 * their `index`.
 */
function mergeChunk(completion: OpenAIChatCompletion | null, chunk: OpenAIChatChunk): OpenAIChatCompletion {
  const { choices, ...rest } = chunk;
  const merged = { ...completion, ...rest, object: "chat.completion" } as OpenAIChatCompletion;
  if (!merged.system_fingerprint) delete merged.system_fingerprint;
  const nextChoices = [...(completion?.choices ?? [])];
  for (const choice of choices) nextChoices[choice.index] = mergeChoice(nextChoices[choice.index], choice);
  merged.choices = nextChoices;
  return merged;
}

function updatePartialJson(
  partialJson: Readonly<Record<number, string>>,
  chunk: OpenAIChatChunk,
  completion: OpenAIChatCompletion,
): Readonly<Record<number, string>> {
  const deltas = chunk.choices.find((choice) => choice.index === 0)?.delta?.tool_calls;
  if (!deltas || deltas.length === 0) return partialJson;
  const calls = completion.choices[0]?.message.tool_calls ?? [];
  const next = { ...partialJson };
  for (const delta of deltas) next[delta.index] = calls[delta.index]?.function.arguments ?? "";
  return next;
}

/**
 * One step of the fold. Never throws and never mutates `state`: an event that cannot be read, or
 * anything after `[DONE]`, leaves the assembly unchanged and adds a note. Tool call fragments
 * may interleave across indexes.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming/streaming
 */
export function reduceOpenAIChatEvent(state: OpenAIChatStreamState, event: SseEvent): OpenAIChatStreamState {
  try {
    return reduceChatEvent(state, event);
  } catch (error) {
    // A field of the wrong type deep inside (a delta's `content` that is an object): unreadable too.
    return addNote(state, `a chunk could not be folded (${String(error)}) and was ignored`);
  }
}

function reduceChatEvent(state: OpenAIChatStreamState, event: SseEvent): OpenAIChatStreamState {
  const parsed = parseOpenAIChatEvent(event);
  if (!parsed.ok) return addNote(state, parsed.note);
  if (state.done)
    return addNote(
      state,
      `${parsed.kind === "done" ? "a second [DONE]" : `a ${parsed.kind}`} after [DONE] was ignored`,
    );
  switch (parsed.kind) {
    case "done":
      return { ...state, done: true };
    case "error":
      return { ...state, error: parsed.error };
    case "chunk": {
      const completion = mergeChunk(state.completion, parsed.chunk);
      const partialJson = updatePartialJson(state.partialJson, parsed.chunk, completion);
      return { ...state, completion, partialJson };
    }
    default:
      return assertNever(parsed, "parsed chat event");
  }
}

/** The chunk fields {@link reduceOpenAIChatEventInPlace} merges itself; the rest are copied over. */
const CHUNK_KEYS = new Set(["choices"]);

/**
 * {@link reduceOpenAIChatEvent} for a caller that owns `state` and keeps no earlier state: the
 * live path (the provider's assembling tap) and whole-stream assembly. The same result, but a
 * chunk is merged into the completion, its choices, message and tool calls in place instead of
 * copying them. Returns the next state, which may be `state` itself, changed. A scrubber that
 * keeps states must use {@link reduceOpenAIChatEvent}.
 */
export function reduceOpenAIChatEventInPlace(
  state: OpenAIChatStreamState,
  event: SseEvent,
): OpenAIChatStreamState {
  if (!state.completion || state.done) return reduceOpenAIChatEvent(state, event);
  const parsed = parseOpenAIChatEvent(event);
  if (!parsed.ok || parsed.kind !== "chunk") return reduceOpenAIChatEvent(state, event);
  const completion = state.completion;
  // Checked first, so a chunk that cannot be folded changes nothing (as the pure fold leaves it).
  if (!canMergeInPlace(parsed.chunk)) return reduceOpenAIChatEvent(state, event);
  const { choices } = parsed.chunk;
  assignOthers(completion, parsed.chunk, CHUNK_KEYS);
  completion.object = "chat.completion";
  if (!completion.system_fingerprint) delete completion.system_fingerprint;
  for (const choice of choices)
    completion.choices[choice.index] = mergeChoiceInPlace(completion.choices[choice.index], choice);
  const deltas = choices.find((choice) => choice.index === 0)?.delta?.tool_calls;
  if (deltas && deltas.length > 0) {
    const partialJson = state.partialJson as Record<number, string>;
    const calls = completion.choices[0]?.message.tool_calls ?? [];
    for (const delta of deltas) partialJson[delta.index] = calls[delta.index]?.function.arguments ?? "";
  }
  return state;
}

/**
 * Whether merging `chunk` in place cannot throw part-way: every text it appends is a string (or
 * absent), every tool call's `function` an object, and no choice brings logprobs (rare, and
 * their lists may be anything). Anything else takes the pure fold.
 */
function canMergeInPlace(chunk: OpenAIChatChunk): boolean {
  for (const choice of chunk.choices) {
    if (choice.logprobs != null) return false;
    const delta = choice.delta;
    if (!delta) continue;
    if (!isTextOrAbsent(delta.content) || !isTextOrAbsent(delta.refusal)) return false;
    for (const call of delta.tool_calls ?? []) {
      const fn: unknown = call.function;
      if (fn === undefined || fn === null) continue;
      if (typeof fn !== "object" || !isTextOrAbsent((fn as { arguments?: unknown }).arguments)) return false;
    }
  }
  return true;
}

function isTextOrAbsent(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "string";
}

/**
 * Folds a whole stream. `completion` has the shape the SDK's `finalChatCompletion()` returns
 * (without the SDK's own `parsed` helper field); where the SDK throws instead (a choice without a
 * `finish_reason`, a cut stream), it keeps what arrived, `finish_reason: null` included.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */
export function assembleOpenAIChatStream(events: Iterable<SseEvent>): OpenAIChatAssembly {
  let state = createOpenAIChatStreamState();
  for (const event of events) state = reduceOpenAIChatEventInPlace(state, event);
  return state;
}

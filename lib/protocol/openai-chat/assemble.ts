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
import { mergeChoice } from "./assemble-choice";
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

/**
 * Folds a whole stream. `completion` has the shape the SDK's `finalChatCompletion()` returns
 * (without the SDK's own `parsed` helper field); where the SDK throws instead (a choice without a
 * `finish_reason`, a cut stream), it keeps what arrived, `finish_reason: null` included.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */
export function assembleOpenAIChatStream(events: Iterable<SseEvent>): OpenAIChatAssembly {
  let state = createOpenAIChatStreamState();
  for (const event of events) state = reduceOpenAIChatEvent(state, event);
  return state;
}

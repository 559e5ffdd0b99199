/**
 * Responses stream assembly as a pure fold: `reduceOpenAIResponsesEvent(state, { event, data })`.
 *
 * A state is never mutated; each step copies only what changed (the response, its output array,
 * the one item and part), so a scrubber can keep the state after every event and step back.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
import type { SseEvent } from "@/lib/protocol/sse";
import { applyItemEvent, type ItemEvent } from "./assemble-items";
import { parseOpenAIResponsesEvent } from "./parse-event";
import type {
  OpenAIResponse,
  OpenAIResponsesErrorBody,
  OpenAIResponsesOutputItem,
  OpenAIResponsesStreamEvent,
} from "./types";

export { snapshotToolArguments } from "@/lib/protocol/openai-chat/tool-arguments";

export interface OpenAIResponsesStreamState {
  /** `null` until `response.created`; then the response as assembled so far. */
  response: OpenAIResponse | null;
  /** `response.completed`, `response.failed` or `response.incomplete` was seen. */
  done: boolean;
  /** The last `error` event, if any. */
  error?: OpenAIResponsesErrorBody;
  /**
   * The `arguments` of each `function_call` item, by `output_index`, as streamed: the joined
   * deltas, then the text of `function_call_arguments.done` (and `output_item.done`).
   */
  partialJson: Readonly<Record<number, string>>;
  /** What was ignored or could not be read, in order. */
  notes: readonly string[];
}

export type OpenAIResponsesAssembly = OpenAIResponsesStreamState;

/** The state before any event. */
export function createOpenAIResponsesStreamState(): OpenAIResponsesStreamState {
  return { response: null, done: false, partialJson: {}, notes: [] };
}

function addNote(state: OpenAIResponsesStreamState, note: string): OpenAIResponsesStreamState {
  return { ...state, notes: [...state.notes, note] };
}

function copyResponse(response: OpenAIResponse): OpenAIResponse {
  return { ...response, output: [...response.output] };
}

/** Sets the item at `index` and, for a function call, its raw arguments (noting a change of text). */
function withItem(
  state: OpenAIResponsesStreamState,
  index: number,
  item: OpenAIResponsesOutputItem,
): OpenAIResponsesStreamState {
  const output = [...state.response!.output];
  output[index] = item;
  const next = { ...state, response: { ...state.response!, output } };
  if (item.type !== "function_call" || typeof item.arguments !== "string") return next;
  const previous = state.partialJson[index];
  const changed = previous !== undefined && !item.arguments.startsWith(previous);
  const updated = { ...next, partialJson: { ...state.partialJson, [index]: item.arguments } };
  return changed
    ? addNote(
        updated,
        `output ${index}: the final arguments differ from the streamed ones; the final text is kept`,
      )
    : updated;
}

function reduceParsed(
  state: OpenAIResponsesStreamState,
  event: OpenAIResponsesStreamEvent,
): OpenAIResponsesStreamState {
  if (event.type === "error") return { ...state, error: event.error };
  if (state.done) return addNote(state, `${event.type} after the response ended was ignored`);
  const response = state.response;
  switch (event.type) {
    case "response.created":
    case "response.in_progress":
    case "response.queued":
      if (!response) return { ...state, response: copyResponse(event.response) };
      if (event.type === "response.created") return addNote(state, "a second response.created was ignored");
      // Newer top-level fields; the output assembled so far stays.
      return { ...state, response: { ...event.response, output: response.output } };
    case "response.completed":
    case "response.failed":
    case "response.incomplete":
      return { ...state, response: copyResponse(event.response), done: true };
    default:
      break;
  }
  if (!response) return addNote(state, `${event.type} before response.created was ignored`);
  const index = event.output_index;
  if (event.type === "response.output_item.added" || event.type === "response.output_item.done") {
    if (event.type === "response.output_item.added" && response.output[index] !== undefined)
      return addNote(state, `output ${index} was added twice; the second one was ignored`);
    return withItem(state, index, { ...event.item });
  }
  const item = response.output[index];
  if (!item) return addNote(state, `${event.type} for output ${index}, which was never added, was ignored`);
  const outcome = applyItemEvent(item, event as ItemEvent);
  return outcome.kind === "ignored" ? addNote(state, outcome.note) : withItem(state, index, outcome.item);
}

/**
 * One step of the fold. Never throws and never mutates `state`: an event that cannot be read or
 * does not fit (a delta for an item never added, anything after the response ended) leaves the
 * assembly unchanged and adds a note; a `response.*` event the fold has no use for (reasoning
 * summaries, built-in tool progress) is passed over silently, as the final response carries it.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
export function reduceOpenAIResponsesEvent(
  state: OpenAIResponsesStreamState,
  event: SseEvent,
): OpenAIResponsesStreamState {
  const parsed = parseOpenAIResponsesEvent(event);
  if (parsed.ok === "skipped") return state;
  if (!parsed.ok) return addNote(state, parsed.note);
  try {
    return reduceParsed(state, parsed.event);
  } catch (error) {
    // A field of the wrong type deep inside (a delta that is an object): unreadable too.
    return addNote(state, `${parsed.event.type} could not be folded (${String(error)}) and was ignored`);
  }
}

/**
 * Folds a whole stream. `response` has the shape the SDK's `finalResponse()` returns (without
 * its helper fields `output_parsed`, `parsed_arguments`, `parsed`), and also takes the final
 * response of `response.failed` and `response.incomplete`, which the SDK (6.30.1) ignores.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
export function assembleOpenAIResponsesStream(events: Iterable<SseEvent>): OpenAIResponsesAssembly {
  let state = createOpenAIResponsesStreamState();
  for (const event of events) state = reduceOpenAIResponsesEvent(state, event);
  return state;
}

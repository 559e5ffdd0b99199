/**
 * Any wire's stream as stream parts and the blocks they build (docs/architecture.md, "Stream
 * parts"): one fold for the three formats, each event going through its wire's own assembly
 * (kept in `wire`, so the provider's message is there too) and its parts function. Pure.
 */
import { stepAnthropicParts } from "./anthropic/stream-parts";
import { createAnthropicStreamState, type AnthropicStreamState } from "./anthropic/assemble";
import {
  createOpenAIChatPartsState,
  stepOpenAIChatParts,
  type OpenAIChatPartsState,
} from "./openai-chat/stream-parts";
import {
  createOpenAIResponsesPartsState,
  stepOpenAIResponsesParts,
  type OpenAIResponsesPartsState,
} from "./openai-responses/stream-parts";
import type { SseEvent } from "./sse";
import { EMPTY_STREAM_BLOCKS, reduceStreamParts, type StreamBlocksState } from "./stream-blocks";
import type { StreamPart } from "./stream-parts";
import { assertNever, type WireFormat } from "./unified";

interface WireStreamBase {
  blocks: StreamBlocksState;
  /** The parts of the last event folded. */
  parts: readonly StreamPart[];
  /** What the wire's fold and the blocks fold noted, in order. */
  notes: readonly string[];
}

export type WireStreamState =
  | (WireStreamBase & { format: "anthropic"; wire: AnthropicStreamState })
  | (WireStreamBase & { format: "openai-chat"; wire: OpenAIChatPartsState })
  | (WireStreamBase & { format: "openai-responses"; wire: OpenAIResponsesPartsState });

const EMPTY_BASE: WireStreamBase = { blocks: EMPTY_STREAM_BLOCKS, parts: [], notes: [] };

/** The state before any event of `format`. */
export function createWireStream(format: WireFormat): WireStreamState {
  switch (format) {
    case "anthropic":
      return { ...EMPTY_BASE, format, wire: createAnthropicStreamState() };
    case "openai-chat":
      return { ...EMPTY_BASE, format, wire: createOpenAIChatPartsState() };
    case "openai-responses":
      return { ...EMPTY_BASE, format, wire: createOpenAIResponsesPartsState() };
    default:
      return assertNever(format, "wire format");
  }
}

function advance<S extends WireStreamState>(
  state: S,
  wire: S["wire"],
  parts: readonly StreamPart[],
  notes: readonly string[],
): S {
  const blocks = reduceStreamParts(parts, state.blocks);
  const blockNotes = blocks.notes.slice(state.blocks.notes.length);
  const added = [...notes, ...blockNotes];
  return {
    ...state,
    wire,
    blocks,
    parts,
    notes: added.length > 0 ? [...state.notes, ...added] : state.notes,
  };
}

/** One step: the event through its wire's fold and parts function, then the parts into the blocks. Never throws. */
export function reduceWireStream(state: WireStreamState, event: SseEvent): WireStreamState {
  switch (state.format) {
    case "anthropic": {
      const step = stepAnthropicParts(state.wire, event);
      return advance(state, step.state, step.parts, step.notes);
    }
    case "openai-chat": {
      const step = stepOpenAIChatParts(state.wire, event);
      return advance(state, step.state, step.parts, step.notes);
    }
    case "openai-responses": {
      const step = stepOpenAIResponsesParts(state.wire, event);
      return advance(state, step.state, step.parts, step.notes);
    }
    default:
      return assertNever(state, "wire stream state");
  }
}

/** Folds a whole stream of `format`. */
export function assembleWireStream(format: WireFormat, events: Iterable<SseEvent>): WireStreamState {
  let state = createWireStream(format);
  for (const event of events) state = reduceWireStream(state, event);
  return state;
}

/** Every part of a stream, in order (for tests and for reading a stream as parts). */
export function streamPartsOf(format: WireFormat, events: Iterable<SseEvent>): StreamPart[] {
  let state = createWireStream(format);
  const parts: StreamPart[] = [];
  for (const event of events) {
    state = reduceWireStream(state, event);
    parts.push(...state.parts);
  }
  return parts;
}

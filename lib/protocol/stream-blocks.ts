/**
 * The content blocks of a stream so far, folded from stream parts (`lib/protocol/stream-parts`):
 * the same view whichever wire the parts came from. Pure; a state is never mutated, each step
 * copies only the block it changes.
 */
import type { StreamPart } from "./stream-parts";
import { assertNever, type StopReason, type Usage } from "./unified";

interface BlockBase {
  /** The block's id in its parts. */
  id: string;
  /** The order the block started in, from 0. */
  position: number;
  /** Its end part (or, for `other`, its finished value) arrived. */
  complete: boolean;
}

export interface StreamTextBlock extends BlockBase {
  kind: "text";
  refusal: boolean;
  text: string;
}

export interface StreamReasoningBlock extends BlockBase {
  kind: "reasoning";
  text: string;
  signature: string | null;
  redacted: string | null;
}

export interface StreamToolBlock extends BlockBase {
  kind: "tool";
  toolCallId: string;
  toolName: string;
  providerExecuted: boolean;
  /** The raw argument text so far, exactly as streamed (the whole text once `tool-call` came). */
  input: string;
}

export interface StreamOtherBlock extends BlockBase {
  kind: "other";
  blockType: string;
  raw: unknown;
}

export type StreamBlock = StreamTextBlock | StreamReasoningBlock | StreamToolBlock | StreamOtherBlock;

export interface StreamBlocksState {
  responseId: string | null;
  model: string | null;
  blocks: readonly StreamBlock[];
  usage: Usage | null;
  /** Set by the `finish` part. */
  stopReason: StopReason | null;
  errors: readonly { code: string | null; message: string }[];
  /** Parts that did not fit (a delta for a block never started), in order. */
  notes: readonly string[];
}

export const EMPTY_STREAM_BLOCKS: StreamBlocksState = Object.freeze({
  responseId: null,
  model: null,
  blocks: Object.freeze([]) as readonly StreamBlock[],
  usage: null,
  stopReason: null,
  errors: Object.freeze([]) as readonly { code: string | null; message: string }[],
  notes: Object.freeze([]) as readonly string[],
});

function addNote(state: StreamBlocksState, note: string): StreamBlocksState {
  return { ...state, notes: [...state.notes, note] };
}

function addBlock(state: StreamBlocksState, block: StreamBlock): StreamBlocksState {
  if (state.blocks.some((existing) => existing.id === block.id))
    return addNote(state, `block ${block.id} started twice; the second start was ignored`);
  return { ...state, blocks: [...state.blocks, block] };
}

function updateBlock<K extends StreamBlock["kind"]>(
  state: StreamBlocksState,
  id: string,
  kind: K,
  change: (block: Extract<StreamBlock, { kind: K }>) => Extract<StreamBlock, { kind: K }>,
): StreamBlocksState {
  const index = state.blocks.findIndex((block) => block.id === id);
  const block = state.blocks[index];
  if (!block || block.kind !== kind)
    return addNote(state, `a ${kind} part for block ${id}, which is not a ${kind} block, was ignored`);
  const blocks = [...state.blocks];
  blocks[index] = change(block as Extract<StreamBlock, { kind: K }>);
  return { ...state, blocks };
}

const base = (state: StreamBlocksState, id: string) => ({
  id,
  position: state.blocks.length,
  complete: false,
});

/** One step of the fold. Never throws: a part that does not fit its block is noted and ignored. */
export function reduceStreamPart(state: StreamBlocksState, part: StreamPart): StreamBlocksState {
  switch (part.type) {
    case "stream-start":
      return { ...state, responseId: part.responseId, model: part.model };
    case "text-start":
      return addBlock(state, { ...base(state, part.id), kind: "text", refusal: part.refusal, text: "" });
    case "text-delta":
      return updateBlock(state, part.id, "text", (block) => ({ ...block, text: block.text + part.delta }));
    case "text-end":
      return updateBlock(state, part.id, "text", (block) => ({ ...block, complete: true }));
    case "reasoning-start":
      return addBlock(state, {
        ...base(state, part.id),
        kind: "reasoning",
        text: "",
        signature: null,
        redacted: part.redacted,
      });
    case "reasoning-delta":
      return updateBlock(state, part.id, "reasoning", (block) => ({
        ...block,
        text: block.text + part.delta,
      }));
    case "reasoning-end":
      return updateBlock(state, part.id, "reasoning", (block) => ({
        ...block,
        signature: part.signature,
        complete: true,
      }));
    case "tool-input-start":
      return addBlock(state, {
        ...base(state, part.id),
        kind: "tool",
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        providerExecuted: part.providerExecuted,
        input: "",
      });
    case "tool-input-delta":
      return updateBlock(state, part.id, "tool", (block) => ({ ...block, input: block.input + part.delta }));
    case "tool-input-end":
      return updateBlock(state, part.id, "tool", (block) => ({ ...block, complete: true }));
    case "tool-call": {
      // A call may arrive whole, with no input streamed before it.
      const started = state.blocks.some((block) => block.id === part.id)
        ? state
        : reduceStreamPart(state, {
            type: "tool-input-start",
            id: part.id,
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            providerExecuted: false,
          });
      return updateBlock(started, part.id, "tool", (block) => ({
        ...block,
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: part.input,
        complete: true,
      }));
    }
    case "other":
      if (!state.blocks.some((block) => block.id === part.id))
        return addBlock(state, {
          ...base(state, part.id),
          kind: "other",
          blockType: part.blockType,
          raw: part.raw,
          complete: part.done,
        });
      return updateBlock(state, part.id, "other", (block) => ({
        ...block,
        raw: part.raw,
        complete: part.done,
      }));
    case "usage":
      return { ...state, usage: part.usage };
    case "finish":
      return { ...state, stopReason: part.stopReason };
    case "error":
      return { ...state, errors: [...state.errors, { code: part.code, message: part.message }] };
    default:
      return assertNever(part, "stream part");
  }
}

/** Folds parts in order onto `state` (the empty state by default). */
export function reduceStreamParts(
  parts: Iterable<StreamPart>,
  state: StreamBlocksState = EMPTY_STREAM_BLOCKS,
): StreamBlocksState {
  let next = state;
  for (const part of parts) next = reduceStreamPart(next, part);
  return next;
}

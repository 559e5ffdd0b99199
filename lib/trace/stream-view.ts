/**
 * The stream panel's projection (docs/architecture.md, "Stream scrubber"): the `wire.event`s of one turn as
 * rows, a filter by event type, and the Anthropic assembly state as of any row — the content
 * blocks so far and each tool call's partially parsed arguments. Pure; the panel only renders.
 */
import {
  createAnthropicStreamState,
  reduceAnthropicEvent,
  type AnthropicStreamState,
} from "@/lib/protocol/anthropic/assemble";
import { parsePartialArguments } from "@/lib/protocol/anthropic/tool-arguments";
import { isRecord, parseJson } from "@/lib/protocol/json-value";
import { createCheckpointedFold, type CheckpointedFold } from "./checkpoints";
import type { TraceEvent, WireEvent } from "./events";

/** One `wire.event` as the panel lists it. */
export interface StreamRow {
  /** Position in the turn's rows, from 0 (all attempts, in log order). */
  position: number;
  seq: number;
  turn: number;
  attempt: number;
  /** The SSE event's index within its attempt. */
  index: number;
  /** The SSE `event:` field, or `null` when absent. */
  event: string | null;
  /** What the filter chips name: the `event:` field, else the data's `type`, else `message`. */
  type: string;
  /** The `index` field of the data (the content block), when present. */
  blockIndex: number | null;
  /** `delta.type` of the data (`text_delta`, `input_json_delta`…), when present. */
  deltaType: string | null;
  /** A one-line summary of the payload. */
  preview: string;
  /** The raw `data:` text. */
  data: string;
}

const PREVIEW_CHARS = 160;

/** The turns that have wire events as of `upTo` (inclusive), ascending. */
export function listStreamTurns(events: readonly TraceEvent[], upTo = Infinity): number[] {
  const turns = new Set<number>();
  for (const event of events) {
    if (event.seq > upTo) break;
    if (event.kind === "wire.event") turns.add(event.turn);
  }
  return [...turns].sort((a, b) => a - b);
}

/** The rows of one turn's wire events, as of `upTo` (inclusive). */
export function selectStreamRows(events: readonly TraceEvent[], turn: number, upTo = Infinity): StreamRow[] {
  const rows: StreamRow[] = [];
  for (const event of events) {
    if (event.seq > upTo) break;
    if (event.kind === "wire.event" && event.turn === turn) rows.push(describeWireEvent(event, rows.length));
  }
  return rows;
}

function describeWireEvent(event: WireEvent, position: number): StreamRow {
  const parsed = readObject(event.data);
  const delta = readObject(parsed?.delta);
  const type = event.event ?? (typeof parsed?.type === "string" ? parsed.type : "message");
  return {
    position,
    seq: event.seq,
    turn: event.turn,
    attempt: event.attempt,
    index: event.index,
    event: event.event,
    type,
    blockIndex: typeof parsed?.index === "number" ? parsed.index : null,
    deltaType: typeof delta?.type === "string" ? delta.type : null,
    preview: previewPayload(delta, event.data),
    data: event.data,
  };
}

function readObject(value: unknown): Record<string, unknown> | null {
  const parsed = typeof value === "string" ? parseJson(value) : value;
  return isRecord(parsed) ? parsed : null;
}

/** A delta's own text (text, thinking, partial JSON) says more than its envelope. */
function previewPayload(delta: Record<string, unknown> | null, data: string): string {
  const own = delta?.text ?? delta?.partial_json ?? delta?.thinking;
  const text = typeof own === "string" ? JSON.stringify(own) : data;
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/** The filter chips' types, in order of first appearance. */
export function listRowTypes(rows: readonly StreamRow[]): string[] {
  return [...new Set(rows.map((row) => row.type))];
}

/** The rows whose type is not hidden. Returns `rows` itself when nothing is hidden. */
export function filterStreamRows(
  rows: readonly StreamRow[],
  hidden: ReadonlySet<string>,
): readonly StreamRow[] {
  return hidden.size === 0 ? rows : rows.filter((row) => !hidden.has(row.type));
}

/** The assembly as of a row: which attempt it belongs to, and the stream state of that attempt. */
export interface ScrubState {
  attempt: number;
  stream: AnthropicStreamState;
}

const NO_ATTEMPT: ScrubState = Object.freeze({ attempt: 0, stream: createAnthropicStreamState() });

function reduceScrubState(state: ScrubState, row: StreamRow): ScrubState {
  const base = row.attempt === state.attempt ? state.stream : createAnthropicStreamState();
  return { attempt: row.attempt, stream: reduceAnthropicEvent(base, { event: row.event, data: row.data }) };
}

/** A scrubber over one turn's rows, keeping the assembly state every `interval` rows. */
export interface StreamScrubber {
  /** The state after the row at `position` (a new attempt starts from an empty assembly). */
  stateAt(position: number): ScrubState;
}

/** Creates a scrubber for `rows` (unfiltered; a filter hides rows, it does not skip them). */
export function createStreamScrubber(rows: readonly StreamRow[], interval = 32): StreamScrubber {
  const fold: CheckpointedFold<StreamRow, ScrubState> = createCheckpointedFold({
    reduce: reduceScrubState,
    initial: NO_ATTEMPT,
    interval,
  });
  return { stateAt: (position) => fold.stateAt(rows, position + 1) };
}

/** One tool call's arguments as streamed so far. */
export interface PartialArguments {
  blockIndex: number;
  id: string | null;
  name: string | null;
  /** The joined `input_json_delta` text, exactly as streamed. */
  raw: string;
  /** `content_block_stop` was seen for this block. */
  complete: boolean;
  /**
   * `json`: the raw text parses as JSON as it is; `repaired`: it does not, and `value` is the
   * partial parse (unfinished strings, arrays, objects closed); `malformed`: not even that.
   */
  parse: "json" | "repaired" | "malformed";
  value: unknown;
}

/** The partially parsed arguments of every tool block of an assembly state, by block index. */
export function describePartialArguments(stream: AnthropicStreamState): PartialArguments[] {
  return Object.entries(stream.partialJson)
    .map(([key, raw]) => {
      const blockIndex = Number(key);
      const block = stream.message?.content[blockIndex] as Record<string, unknown> | undefined;
      const id = typeof block?.id === "string" ? block.id : null;
      const name = typeof block?.name === "string" ? block.name : null;
      const complete = stream.stoppedBlocks.includes(blockIndex);
      const base = { blockIndex, id, name, raw, complete };
      try {
        return { ...base, parse: "json" as const, value: JSON.parse(raw) as unknown };
      } catch {
        const partial = parsePartialArguments(raw);
        return partial
          ? { ...base, parse: "repaired" as const, value: partial.value }
          : { ...base, parse: "malformed" as const, value: null };
      }
    })
    .sort((a, b) => a.blockIndex - b.blockIndex);
}

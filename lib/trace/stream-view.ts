/**
 * The stream panel's projection (docs/architecture.md, "Stream scrubber"): the `wire.event`s of one turn as
 * rows, a filter by event type, and the assembly as of any row — the content blocks so far and
 * each tool call's partially parsed arguments — read through the stream parts of the turn's own
 * wire format (docs/architecture.md, "Stream parts"). Pure; the panel only renders.
 */
import { parsePartialArguments } from "@/lib/protocol/anthropic/tool-arguments";
import type { StreamBlock } from "@/lib/protocol/stream-blocks";
import type { WireFormat } from "@/lib/protocol/unified";
import { createWireStream, reduceWireStream, type WireStreamState } from "@/lib/protocol/wire-stream";
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
  const wire: WireEvent[] = [];
  for (const event of events) {
    if (event.seq > upTo) break;
    if (event.kind === "wire.event" && event.turn === turn) wire.push(event);
  }
  return describeWireEvents(wire);
}

/** One turn's wire events as rows, in order. */
export function describeWireEvents(wire: readonly WireEvent[]): StreamRow[] {
  return wire.map(describeWireEvent);
}

/**
 * The wire format of a turn: the one its request was assembled in, else read from its first wire
 * event (no `event:` field is Chat Completions, a `response.` name is Responses), else Anthropic.
 */
export function selectStreamFormat(events: readonly TraceEvent[], turn: number): WireFormat {
  let first: WireEvent | undefined;
  for (const event of events) {
    if (event.kind === "request.assembled" && event.turn === turn) return event.format;
    if (event.kind === "wire.event" && event.turn === turn && !first) first = event;
  }
  return formatOfFirstWireEvent(first);
}

/** A turn's format read from its first wire event (see {@link selectStreamFormat}). */
export function formatOfFirstWireEvent(first: WireEvent | undefined): WireFormat {
  if (first?.event === null) return "openai-chat";
  if (first?.event?.startsWith("response.")) return "openai-responses";
  return "anthropic";
}

function describeWireEvent(event: WireEvent, position: number): StreamRow {
  const parsed = readObject(event.data);
  const delta = readObject(parsed?.delta);
  const choiceDelta = readChoiceDelta(parsed);
  const toolCall = readObject(Array.isArray(choiceDelta?.tool_calls) ? choiceDelta.tool_calls[0] : null);
  const type =
    event.event ??
    (typeof parsed?.type === "string"
      ? parsed.type
      : typeof parsed?.object === "string"
        ? parsed.object
        : event.data.startsWith("[DONE]")
          ? "[DONE]"
          : "message");
  const blockIndex = [parsed?.index, parsed?.output_index, toolCall?.index].find(
    (value): value is number => typeof value === "number",
  );
  return {
    position,
    seq: event.seq,
    turn: event.turn,
    attempt: event.attempt,
    index: event.index,
    event: event.event,
    type,
    blockIndex: blockIndex ?? null,
    deltaType: typeof delta?.type === "string" ? delta.type : describeChatDelta(choiceDelta),
    preview: previewPayload(readOwnText(delta, parsed, choiceDelta, toolCall), event.data),
    data: event.data,
  };
}

function readObject(value: unknown): Record<string, unknown> | null {
  const parsed = typeof value === "string" ? parseJson(value) : value;
  return isRecord(parsed) ? parsed : null;
}

/** Choice 0's `delta` of a Chat Completions chunk. */
function readChoiceDelta(parsed: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!Array.isArray(parsed?.choices)) return null;
  const choice = parsed.choices.map(readObject).find((candidate) => candidate?.index === 0);
  return readObject(choice?.delta);
}

/** What a chat delta carries, named as the column names an Anthropic delta's type. */
function describeChatDelta(delta: Record<string, unknown> | null): string | null {
  if (!delta) return null;
  const fields = ["tool_calls", "content", "refusal", "reasoning_content"].filter(
    (field) => delta[field] !== undefined && delta[field] !== null && delta[field] !== "",
  );
  return fields.length > 0 ? fields.join("+") : null;
}

/** A delta's own text (text, thinking, partial JSON, a chat fragment) says more than its envelope. */
function readOwnText(
  delta: Record<string, unknown> | null,
  parsed: Record<string, unknown> | null,
  choiceDelta: Record<string, unknown> | null,
  toolCall: Record<string, unknown> | null,
): unknown {
  return (
    delta?.text ??
    delta?.partial_json ??
    delta?.thinking ??
    (typeof parsed?.delta === "string" ? parsed.delta : undefined) ??
    readObject(toolCall?.function)?.arguments ??
    choiceDelta?.content ??
    choiceDelta?.refusal ??
    undefined
  );
}

function previewPayload(own: unknown, data: string): string {
  const text = typeof own === "string" && own !== "" ? JSON.stringify(own) : data;
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
  stream: WireStreamState;
}

/** A scrubber over one turn's rows, keeping the assembly state every `interval` rows. */
export interface StreamScrubber {
  /** The state after the row at `position` (a new attempt starts from an empty assembly). */
  stateAt(position: number): ScrubState;
}

/**
 * Creates a scrubber for `rows` (unfiltered; a filter hides rows, it does not skip them), read
 * as `format` (see {@link selectStreamFormat}).
 */
export function createStreamScrubber(
  rows: readonly StreamRow[],
  { format = "anthropic", interval = 32 }: { format?: WireFormat; interval?: number } = {},
): StreamScrubber {
  const initial: ScrubState = Object.freeze({ attempt: 0, stream: createWireStream(format) });
  const reduce = (state: ScrubState, row: StreamRow): ScrubState => {
    const base = row.attempt === state.attempt ? state.stream : createWireStream(format);
    return { attempt: row.attempt, stream: reduceWireStream(base, { event: row.event, data: row.data }) };
  };
  const fold: CheckpointedFold<StreamRow, ScrubState> = createCheckpointedFold({ reduce, initial, interval });
  return { stateAt: (position) => fold.stateAt(rows, position + 1) };
}

/** One tool call's arguments as streamed so far. */
export interface PartialArguments {
  /** The block's position in the stream (the order blocks started in). */
  blockIndex: number;
  id: string | null;
  name: string | null;
  /** The joined argument text, exactly as streamed. */
  raw: string;
  /** The call is complete (its block ended). */
  complete: boolean;
  /**
   * `json`: the raw text parses as JSON as it is; `repaired`: it does not, and `value` is the
   * partial parse (unfinished strings, arrays, objects closed); `malformed`: not even that.
   */
  parse: "json" | "repaired" | "malformed";
  value: unknown;
}

/** The partially parsed arguments of every tool block of an assembly state, in block order. */
export function describePartialArguments(stream: WireStreamState): PartialArguments[] {
  return stream.blocks.blocks
    .filter((block): block is Extract<StreamBlock, { kind: "tool" }> => block.kind === "tool")
    .map((block) => {
      const base = {
        blockIndex: block.position,
        id: block.toolCallId || null,
        name: block.toolName || null,
        raw: block.input,
        complete: block.complete,
      };
      try {
        return { ...base, parse: "json" as const, value: JSON.parse(block.input) as unknown };
      } catch {
        const partial = parsePartialArguments(block.input);
        return partial
          ? { ...base, parse: "repaired" as const, value: partial.value }
          : { ...base, parse: "malformed" as const, value: null };
      }
    });
}

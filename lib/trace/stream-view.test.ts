import { describe, expect, it } from "vitest";
import type { TraceEvent, WireEvent } from "./events";
import {
  createStreamScrubber,
  describePartialArguments,
  filterStreamRows,
  listRowTypes,
  listStreamTurns,
  selectStreamRows,
} from "./stream-view";

const envelope = (seq: number) => ({ seq, at: 1000 + seq, sessionId: "s1" });

/** One Anthropic stream: a text block, then a tool_use whose input arrives in three pieces. */
const STREAM: [string, object][] = [
  [
    "message_start",
    {
      type: "message_start",
      message: {
        id: "m1",
        type: "message",
        role: "assistant",
        model: "offline",
        content: [],
        stop_reason: null,
        usage: { input_tokens: 5, output_tokens: 0 },
      },
    },
  ],
  [
    "content_block_start",
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  ],
  ["ping", { type: "ping" }],
  [
    "content_block_delta",
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Reading." } },
  ],
  ["content_block_stop", { type: "content_block_stop", index: 0 }],
  [
    "content_block_start",
    {
      type: "content_block_start",
      index: 1,
      content_block: { type: "tool_use", id: "toolu_1", name: "read_file", input: {} },
    },
  ],
  [
    "content_block_delta",
    { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '{"pa' } },
  ],
  [
    "content_block_delta",
    {
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json: 'th": "notes/to' },
    },
  ],
  [
    "content_block_delta",
    { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: 'do.md"}' } },
  ],
  ["content_block_stop", { type: "content_block_stop", index: 1 }],
  [
    "message_delta",
    { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } },
  ],
  ["message_stop", { type: "message_stop" }],
];

function wire(
  seq: number,
  turn: number,
  attempt: number,
  index: number,
  [event, data]: [string, object],
): WireEvent {
  return {
    ...envelope(seq),
    kind: "wire.event",
    turn,
    attempt,
    index,
    event,
    data: JSON.stringify(data),
    receivedAt: 0,
  };
}

function buildLog(): TraceEvent[] {
  const events: TraceEvent[] = [{ ...envelope(0), kind: "user.message", turn: 1, text: "read it" }];
  STREAM.forEach((entry, index) => events.push(wire(events.length, 1, 1, index, entry)));
  events.push(wire(events.length, 2, 1, 0, STREAM[0]!));
  return events;
}

describe("selectStreamRows", () => {
  it("lists one turn's wire events with event name, block index, delta type and preview", () => {
    const rows = selectStreamRows(buildLog(), 1);
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r.type)).toEqual(STREAM.map(([event]) => event));
    expect(rows[3]).toMatchObject({
      position: 3,
      seq: 4,
      index: 3,
      blockIndex: 0,
      deltaType: "text_delta",
      preview: '"Reading."',
    });
    expect(rows[7]).toMatchObject({
      blockIndex: 1,
      deltaType: "input_json_delta",
      preview: '"th\\": \\"notes/to"',
    });
    expect(rows[2]).toMatchObject({ blockIndex: null, deltaType: null, preview: '{"type":"ping"}' });
  });

  it("stops at upTo and lists the turns that have wire events", () => {
    const events = buildLog();
    expect(selectStreamRows(events, 1, 4).map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(listStreamTurns(events)).toEqual([1, 2]);
    expect(listStreamTurns(events, 12)).toEqual([1]);
    expect(listStreamTurns(events, 0)).toEqual([]);
  });

  it("names a row without an event field by its data type, and the [DONE] sentinel by itself", () => {
    const event: WireEvent = {
      ...envelope(0),
      kind: "wire.event",
      turn: 1,
      attempt: 1,
      index: 0,
      event: null,
      data: '{"type":"chunk"}',
      receivedAt: 0,
    };
    const bare: WireEvent = { ...event, seq: 1, index: 1, data: "[DONE]" };
    expect(selectStreamRows([event, bare], 1).map((r) => r.type)).toEqual(["chunk", "[DONE]"]);
  });
});

describe("filterStreamRows and listRowTypes", () => {
  it("hides the unchecked types and lists types in order of first appearance", () => {
    const rows = selectStreamRows(buildLog(), 1);
    expect(listRowTypes(rows)).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    const deltas = filterStreamRows(
      rows,
      new Set([
        "message_start",
        "content_block_start",
        "ping",
        "content_block_stop",
        "message_delta",
        "message_stop",
      ]),
    );
    expect(deltas.map((r) => r.position)).toEqual([3, 6, 7, 8]);
    expect(filterStreamRows(rows, new Set())).toBe(rows);
  });
});

describe("createStreamScrubber", () => {
  it("assembles the blocks up to a row and parses the tool arguments streamed so far", () => {
    const rows = selectStreamRows(buildLog(), 1);
    const scrubber = createStreamScrubber(rows, { interval: 4 });
    const middle = scrubber.stateAt(7).stream;
    expect(middle.blocks.blocks).toEqual([
      { id: "0", position: 0, complete: true, kind: "text", refusal: false, text: "Reading." },
      {
        id: "1",
        position: 1,
        complete: false,
        kind: "tool",
        toolCallId: "toolu_1",
        toolName: "read_file",
        providerExecuted: false,
        input: '{"path": "notes/to',
      },
    ]);
    expect(describePartialArguments(middle)).toEqual([
      {
        blockIndex: 1,
        id: "toolu_1",
        name: "read_file",
        raw: '{"path": "notes/to',
        complete: false,
        parse: "repaired",
        value: { path: "notes/to" },
      },
    ]);
    const end = scrubber.stateAt(11).stream;
    expect(end.blocks.stopReason).toEqual({ unified: "tool_use", raw: "tool_use" });
    expect(end.notes).toEqual([]);
    expect(describePartialArguments(end)).toEqual([
      {
        blockIndex: 1,
        id: "toolu_1",
        name: "read_file",
        raw: '{"path": "notes/todo.md"}',
        complete: true,
        parse: "json",
        value: { path: "notes/todo.md" },
      },
    ]);
  });

  it("gives the same state at every row whatever order the rows are visited in", () => {
    const rows = selectStreamRows(buildLog(), 1);
    const forward = createStreamScrubber(rows, { interval: 3 });
    const states = rows.map((_, i) => forward.stateAt(i));
    const backward = createStreamScrubber(rows, { interval: 3 });
    for (let i = rows.length - 1; i >= 0; i--) expect(backward.stateAt(i)).toEqual(states[i]);
  });

  it("starts a new attempt from an empty assembly", () => {
    const events: TraceEvent[] = [
      wire(0, 1, 1, 0, STREAM[0]!),
      wire(1, 1, 1, 1, STREAM[1]!),
      wire(2, 1, 2, 0, STREAM[0]!),
    ];
    const scrubber = createStreamScrubber(selectStreamRows(events, 1));
    expect(scrubber.stateAt(1).stream.blocks.blocks).toHaveLength(1);
    expect(scrubber.stateAt(2)).toMatchObject({ attempt: 2, stream: { blocks: { blocks: [] } } });
  });

  it("labels arguments that do not even partially parse as malformed", () => {
    const broken = [
      "content_block_delta",
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: "}{" } },
    ] as [string, object];
    const events = [...STREAM.slice(0, 6), broken].map((entry, i) => wire(i, 1, 1, i, entry));
    const state = createStreamScrubber(selectStreamRows(events, 1)).stateAt(6).stream;
    expect(describePartialArguments(state)).toEqual([
      {
        blockIndex: 1,
        id: "toolu_1",
        name: "read_file",
        raw: "}{",
        complete: false,
        parse: "malformed",
        value: null,
      },
    ]);
  });
});

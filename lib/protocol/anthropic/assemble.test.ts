import { describe, expect, it } from "vitest";
import {
  assembleAnthropicStream,
  EVENT_ORDER_ERROR,
  createAnthropicStreamState,
  reduceAnthropicEvent,
  snapshotToolArguments,
} from "@/lib/protocol/anthropic/assemble";
import type { SseEvent } from "@/lib/protocol/sse";
import { emptyAssistantMessage } from "@/lib/protocol/testing/anthropic-frames";
import { readAnthropicFixtureEvents } from "@/lib/protocol/testing/fixtures";

function sse(data: Record<string, unknown>): SseEvent {
  return { event: String(data.type), data: JSON.stringify(data) };
}

const START = sse({ type: "message_start", message: emptyAssistantMessage("msg_1") });
const blockStart = (index: number, content_block: Record<string, unknown>) =>
  sse({ type: "content_block_start", index, content_block });
const delta = (index: number, delta: Record<string, unknown>) =>
  sse({ type: "content_block_delta", index, delta });
const json = (index: number, partial_json: string) =>
  delta(index, { type: "input_json_delta", partial_json });
const stop = (index: number) => sse({ type: "content_block_stop", index });
const STOP = sse({ type: "message_stop" });

describe("assembleAnthropicStream", () => {
  it("parses a tool block's joined JSON at content_block_stop, and an empty text as {}", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "tool_use", id: "t0", name: "a", input: {} }),
      blockStart(1, { type: "tool_use", id: "t1", name: "b", input: {} }),
      json(0, '{"x": [1,'),
      json(1, ""),
      json(0, " 2]}"),
      stop(1),
      stop(0),
      STOP,
    ]);
    expect(assembly.message?.content).toEqual([
      { type: "tool_use", id: "t0", name: "a", input: { x: [1, 2] } },
      { type: "tool_use", id: "t1", name: "b", input: {} },
    ]);
    expect(assembly.partialJson).toEqual({ 0: '{"x": [1, 2]}', 1: "" });
    expect(assembly.stoppedBlocks).toEqual([1, 0]);
    expect(assembly.notes).toEqual([]);
  });

  it("keeps a tool block's start input and notes it when the joined JSON does not parse", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "tool_use", id: "t", name: "a", input: {} }),
      json(0, '{"a": tru'),
      stop(0),
    ]);
    expect(assembly.message?.content[0]).toEqual({ type: "tool_use", id: "t", name: "a", input: {} });
    expect(assembly.notes).toEqual([
      "block 0: the streamed tool input is not valid JSON; its raw text is kept",
    ]);
  });

  it("keeps unknown block types raw, their streamed input included (server_tool_use)", () => {
    const result = {
      type: "web_search_tool_result",
      tool_use_id: "s",
      content: [{ type: "web_search_result", url: "u" }],
    };
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "server_tool_use", id: "s", name: "web_search", input: {} }),
      json(0, '{"query": "q"}'),
      stop(0),
      blockStart(1, result),
      stop(1),
      blockStart(2, { type: "redacted_thinking", data: "opaque" }),
      stop(2),
    ]);
    expect(assembly.message?.content).toEqual([
      { type: "server_tool_use", id: "s", name: "web_search", input: { query: "q" } },
      result,
      { type: "redacted_thinking", data: "opaque" },
    ]);
  });

  it("applies thinking, signature and citation deltas", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "thinking", thinking: "", signature: "" }),
      delta(0, { type: "thinking_delta", thinking: "a" }),
      delta(0, { type: "thinking_delta", thinking: "b" }),
      delta(0, { type: "signature_delta", signature: "sig" }),
      blockStart(1, { type: "text", text: "" }),
      delta(1, { type: "citations_delta", citation: { cited_text: "c" } }),
      delta(1, { type: "text_delta", text: "hi" }),
    ]);
    expect(assembly.message?.content).toEqual([
      { type: "thinking", thinking: "ab", signature: "sig" },
      { type: "text", text: "hi", citations: [{ cited_text: "c" }] },
    ]);
  });

  it("merges message_delta: stop fields always, other usage counters only when not null", () => {
    const assembly = assembleAnthropicStream([
      START,
      sse({
        type: "message_delta",
        delta: { stop_reason: "end_turn", stop_sequence: null, container: null },
        usage: { output_tokens: 9, input_tokens: null, cache_read_input_tokens: 3 },
      }),
      STOP,
    ]);
    expect(assembly.message).toMatchObject({
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 5, output_tokens: 9, cache_read_input_tokens: 3 },
    });
    expect(assembly.message).not.toHaveProperty("container");
    expect(assembly.done).toBe(true);
  });

  it("notes, and otherwise ignores, what does not fit", () => {
    const assembly = assembleAnthropicStream([
      json(0, "{}"),
      START,
      { event: "content_block_delta", data: "{not json" },
      delta(3, { type: "text_delta", text: "x" }),
      blockStart(0, { type: "text", text: "" }),
      json(0, "{}"),
      delta(0, { type: "future_delta", x: 1 }),
      sse({ type: "future_event" }),
      START,
      STOP,
      delta(0, { type: "text_delta", text: "late" }),
    ]);
    expect(assembly.message?.content).toEqual([{ type: "text", text: "" }]);
    expect(assembly.notes).toEqual([
      "content_block_delta before message_start was ignored",
      "event content_block_delta: data is not a JSON object",
      "text_delta for block 3, which never started, was ignored",
      "block 0: input_json_delta on a text block was ignored",
      'block 0: ignored a delta of unknown type "future_delta"',
      'ignored an event of unknown type "future_event"',
      'a second message_start: Unexpected event order, got message_start before receiving "message_stop"',
      "message_stop after the stream failed was ignored",
      "content_block_delta after the stream failed was ignored",
    ]);
    expect(assembly.error?.type).toBe(EVENT_ORDER_ERROR);
    expect(assembly.done).toBe(false);
  });

  it("records an error event after data events, keeping what was assembled", () => {
    const assembly = assembleAnthropicStream([
      START,
      blockStart(0, { type: "text", text: "" }),
      delta(0, { type: "text_delta", text: "Hel" }),
      {
        event: "error",
        data: '{"type":"error","error":{"details":null,"type":"api_error","message":"Internal"} }',
      },
    ]);
    expect(assembly.error).toEqual({ type: "api_error", message: "Internal" });
    expect(assembly.message?.content).toEqual([{ type: "text", text: "Hel" }]);
    expect(assembly.done).toBe(false);
  });

  it("reads an error event whose data is not JSON as its raw text", () => {
    expect(assembleAnthropicStream([{ event: "error", data: "upstream reset" }]).error).toEqual({
      type: "unknown_error",
      message: "upstream reset",
    });
  });
});

describe("reduceAnthropicEvent", () => {
  it("never mutates the state it is given", () => {
    const before = createAnthropicStreamState();
    const afterStart = reduceAnthropicEvent(before, START);
    const afterBlock = reduceAnthropicEvent(afterStart, blockStart(0, { type: "text", text: "" }));
    const snapshot = JSON.stringify([before, afterStart, afterBlock]);
    reduceAnthropicEvent(afterBlock, delta(0, { type: "text_delta", text: "x" }));
    expect(JSON.stringify([before, afterStart, afterBlock])).toBe(snapshot);
  });

  it("returns the same state for a ping", () => {
    const state = reduceAnthropicEvent(createAnthropicStreamState(), START);
    expect(reduceAnthropicEvent(state, { event: "ping", data: '{"type": "ping"}' })).toBe(state);
  });
});

describe("snapshotToolArguments", () => {
  it("shows the arguments of the recorded tool-use stream as they grow, event by event", () => {
    let state = createAnthropicStreamState();
    const seen: unknown[] = [];
    for (const event of readAnthropicFixtureEvents("anthropic-stream-tool-use.sse").events) {
      state = reduceAnthropicEvent(state, event);
      if (state.partialJson[1] !== undefined) seen.push(snapshotToolArguments(state.partialJson)[1]);
    }
    expect(seen).toEqual([
      {},
      {},
      { location: "P" },
      { location: "Par" },
      { location: "Paris" },
      { location: "Paris" },
      { location: "Paris" },
      { location: "Paris" },
    ]);
  });

  it("closes the cut-off input of the fine-grained max_tokens stream where it was cut", () => {
    const { events } = readAnthropicFixtureEvents("anthropic-stream-fine-grained-max-tokens.sse");
    expect(snapshotToolArguments(assembleAnthropicStream(events).partialJson)).toEqual({
      1: {
        filename: "taxes.txt",
        lines_of_text: [
          "# COMPREHENSIVE TAX GUIDE FOR INDIVIDUALS WITH MULTIPLE W-2s",
          "",
          "## INTRODUCTION",
          "",
          "Filing taxes",
        ],
      },
    });
  });

  it("drops an unfinished number, leaves out malformed text, and returns frozen values", () => {
    const snapshot = snapshotToolArguments({ 0: '{"n": 12.', 1: "]oops", 2: "" });
    expect(snapshot).toEqual({ 0: {}, 2: {} });
    expect(Object.isFrozen(snapshot[0])).toBe(true);
  });
});

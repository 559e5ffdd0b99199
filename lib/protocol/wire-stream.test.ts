import { describe, expect, it } from "vitest";
import { decodeSse, type SseEvent } from "./sse";
import { readFixtureText } from "./testing/fixtures";
import type { WireFormat } from "./unified";
import { reduceStreamParts } from "./stream-blocks";
import { assembleWireStream, streamPartsOf } from "./wire-stream";

const fixture = (name: string) => decodeSse(readFixtureText(name), { lenient: true }).events;
const types = (format: WireFormat, events: SseEvent[]) =>
  streamPartsOf(format, events).map((part) => part.type);
const chunk = (delta: object, finish: string | null = null) => ({
  event: null,
  data: JSON.stringify({
    id: "c1",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta, finish_reason: finish }],
  }),
});
const responses = (type: string, body: object) => ({ event: type, data: JSON.stringify({ type, ...body }) });
const RESPONSE = {
  id: "resp_1",
  object: "response",
  created_at: 1,
  model: "m",
  status: "in_progress",
  output: [],
};

describe("every wire's tool-call stream reads as the same parts", () => {
  const cases: [WireFormat, string, string, string][] = [
    ["anthropic", "anthropic-stream-tool-use.sse", "get_weather", '{"location": "Paris"}'],
    [
      "openai-chat",
      "openai-chat-stream-tool-call.sse",
      "get_weather",
      '{"city":"San Francisco","state":"CA"}',
    ],
    [
      "openai-responses",
      "openai-responses-stream-function-call.sse",
      "get_weather_at_location",
      '{"location":"San Francisco, CA"}',
    ],
  ];
  it.each(cases)(
    "%s: start, input deltas, end, the complete call, finish with tool_use; no notes",
    (format, name, tool, input) => {
      const events = fixture(name);
      const parts = streamPartsOf(format, events);
      const kinds = parts.map((part) => part.type).filter((type) => type.startsWith("tool-"));
      expect(kinds[0]).toBe("tool-input-start");
      expect(kinds.slice(-2)).toEqual(["tool-input-end", "tool-call"]);
      const deltas = parts.flatMap((part) => (part.type === "tool-input-delta" ? [part.delta] : []));
      expect(deltas.length).toBeGreaterThan(2);
      expect(deltas.join("")).toBe(input);
      expect(parts.find((part) => part.type === "tool-call")).toMatchObject({ toolName: tool, input });
      const state = assembleWireStream(format, events);
      expect(state.notes).toEqual([]);
      expect(state.blocks.stopReason?.unified).toBe("tool_use");
      expect(state.blocks.blocks.filter((block) => block.kind === "tool")).toMatchObject([
        { toolName: tool, input, complete: true, providerExecuted: false },
      ]);
    },
  );

  it("Anthropic thinking is reasoning with its signature, then text", () => {
    const state = assembleWireStream("anthropic", fixture("anthropic-stream-thinking-text.sse"));
    expect(state.blocks.blocks).toMatchObject([
      { kind: "reasoning", text: "Let me think. 2 + 2 = 4.", signature: "abc123sig==", complete: true },
      { kind: "text", text: "The answer is 4.", complete: true },
    ]);
  });
});

describe("Chat Completions parts", () => {
  it("a refusal is a refusal text block and the stream finishes as a refusal", () => {
    const events = [
      chunk({ role: "assistant", refusal: "I can't" }),
      chunk({ refusal: " help." }),
      chunk({}, "stop"),
      { event: null, data: "[DONE]" },
    ];
    expect(types("openai-chat", events)).toEqual([
      "stream-start",
      "text-start",
      "text-delta",
      "text-delta",
      "text-end",
      "finish",
    ]);
    const state = assembleWireStream("openai-chat", events);
    expect(state.blocks.blocks).toMatchObject([
      { kind: "text", refusal: true, text: "I can't help.", complete: true },
    ]);
    expect(state.blocks.stopReason).toEqual({ unified: "refusal", raw: "stop" });
  });

  it("closes open blocks at [DONE] when no finish_reason came", () => {
    const events = [chunk({ content: "Hi" }), { event: null, data: "[DONE]" }];
    expect(types("openai-chat", events)).toEqual([
      "stream-start",
      "text-start",
      "text-delta",
      "text-end",
      "finish",
    ]);
    expect(assembleWireStream("openai-chat", events).blocks.stopReason).toEqual({
      unified: "other",
      raw: null,
    });
  });

  it("reads reasoning_content as reasoning, and an unreadable chunk gives a note and no parts", () => {
    const events = [chunk({ reasoning_content: "hmm" }), { event: null, data: "{nope" }];
    const state = assembleWireStream("openai-chat", events);
    expect(state.blocks.blocks).toMatchObject([{ kind: "reasoning", text: "hmm", complete: false }]);
    expect(state.parts).toEqual([]);
    expect(state.notes).toEqual(["a data line that is not a JSON object was ignored"]);
  });
});

describe("Responses parts", () => {
  it("reads a reasoning summary, a custom tool's input and a web search call the fold passes over", () => {
    const events = [
      responses("response.created", { response: RESPONSE }),
      responses("response.output_item.added", {
        output_index: 0,
        item: { id: "rs_1", type: "reasoning", summary: [] },
      }),
      responses("response.reasoning_summary_text.delta", {
        output_index: 0,
        summary_index: 0,
        delta: "Think",
      }),
      responses("response.output_item.done", {
        output_index: 0,
        item: {
          id: "rs_1",
          type: "reasoning",
          summary: [{ type: "summary_text", text: "Think" }],
          encrypted_content: "enc",
        },
      }),
      responses("response.output_item.added", {
        output_index: 1,
        item: { id: "ws_1", type: "web_search_call", status: "in_progress" },
      }),
      responses("response.web_search_call.searching", { output_index: 1, item_id: "ws_1" }),
      responses("response.output_item.done", {
        output_index: 1,
        item: { id: "ws_1", type: "web_search_call", status: "completed" },
      }),
      responses("response.output_item.added", {
        output_index: 2,
        item: { id: "ct_1", type: "custom_tool_call", call_id: "call_1", name: "grep", input: "" },
      }),
      responses("response.custom_tool_call_input.delta", { output_index: 2, item_id: "ct_1", delta: "TODO" }),
      responses("response.output_item.done", {
        output_index: 2,
        item: { id: "ct_1", type: "custom_tool_call", call_id: "call_1", name: "grep", input: "TODO" },
      }),
    ];
    const state = assembleWireStream("openai-responses", events);
    expect(state.notes).toEqual([]);
    expect(state.blocks.blocks).toMatchObject([
      { kind: "reasoning", text: "Think", signature: "enc", complete: true },
      { kind: "other", blockType: "web_search_call", raw: { status: "completed" }, complete: true },
      { kind: "tool", toolCallId: "call_1", toolName: "grep", input: "TODO", complete: true },
    ]);
  });

  it("a refusal part is a refusal text block", () => {
    const message = { id: "m1", type: "message", role: "assistant", status: "in_progress", content: [] };
    const events = [
      responses("response.created", { response: RESPONSE }),
      responses("response.output_item.added", { output_index: 0, item: message }),
      responses("response.content_part.added", {
        output_index: 0,
        content_index: 0,
        part: { type: "refusal", refusal: "" },
      }),
      responses("response.refusal.delta", { output_index: 0, content_index: 0, delta: "No." }),
      responses("response.content_part.done", {
        output_index: 0,
        content_index: 0,
        part: { type: "refusal", refusal: "No." },
      }),
    ];
    expect(types("openai-responses", events)).toEqual([
      "stream-start",
      "text-start",
      "text-delta",
      "text-end",
    ]);
    expect(assembleWireStream("openai-responses", events).blocks.blocks).toMatchObject([
      { id: "0:0", kind: "text", refusal: true, text: "No.", complete: true },
    ]);
  });
});

describe("Anthropic parts", () => {
  it("a server tool's input streams as a provider-run tool call; its result block is other", () => {
    const start = {
      type: "message_start",
      message: { id: "m", type: "message", role: "assistant", model: "x", content: [], usage: {} },
    };
    const events = [
      start,
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: '{"query":"x"}' },
      },
      { type: "content_block_stop", index: 0 },
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "web_search_tool_result", tool_use_id: "srvtoolu_1", content: [] },
      },
      { type: "content_block_stop", index: 1 },
    ].map((data) => ({ event: data.type, data: JSON.stringify(data) }));
    const state = assembleWireStream("anthropic", events);
    expect(state.notes).toEqual([]);
    expect(state.blocks.blocks).toMatchObject([
      {
        kind: "tool",
        toolName: "web_search",
        providerExecuted: true,
        input: '{"query":"x"}',
        complete: true,
      },
      { kind: "other", blockType: "web_search_tool_result", complete: true },
    ]);
  });
});

describe("reduceStreamParts", () => {
  it("notes a part for a block that never started or is of another kind, and keeps the blocks", () => {
    const state = reduceStreamParts([
      { type: "text-start", id: "a", refusal: false },
      { type: "tool-input-delta", id: "a", delta: "{" },
      { type: "text-delta", id: "b", delta: "x" },
      { type: "text-start", id: "a", refusal: false },
    ]);
    expect(state.blocks).toEqual([
      { id: "a", position: 0, complete: false, kind: "text", refusal: false, text: "" },
    ]);
    expect(state.notes).toEqual([
      "a tool part for block a, which is not a tool block, was ignored",
      "a text part for block b, which is not a text block, was ignored",
      "block a started twice; the second start was ignored",
    ]);
  });

  it("takes a tool call that arrives whole, with no input streamed before it", () => {
    const state = reduceStreamParts([
      { type: "tool-call", id: "0", toolCallId: "c", toolName: "t", input: "{}" },
    ]);
    expect(state.blocks).toMatchObject([{ kind: "tool", toolCallId: "c", input: "{}", complete: true }]);
  });
});

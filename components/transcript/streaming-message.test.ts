import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { deriveStreamingMessage } from "./streaming-message";

const envelope = (seq: number) => ({ seq, at: seq, sessionId: "s" });

function request(seq: number, attempt = 1): TraceEvent {
  const tokens = { tools: 0, system: 0, messages: 0, total: 0, tokenizer: "test" };
  return {
    ...envelope(seq),
    kind: "request.assembled",
    turn: 1,
    attempt,
    format: "anthropic",
    body: {},
    tokens,
  };
}

function wire(seq: number, event: string, data: object, attempt = 1): TraceEvent {
  const payload = JSON.stringify({ type: event, ...data });
  return {
    ...envelope(seq),
    kind: "wire.event",
    turn: 1,
    attempt,
    index: seq,
    event,
    data: payload,
    receivedAt: seq,
  };
}

const START = {
  message: { id: "msg_1", type: "message", role: "assistant", content: [], model: "m", usage: {} },
};

/** A stream cut after the tool input `{"path":"notes/to` arrived. */
const partialStream: TraceEvent[] = [
  request(0),
  wire(1, "message_start", START),
  wire(2, "content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
  wire(3, "content_block_delta", { index: 0, delta: { type: "text_delta", text: "Reading it." } }),
  wire(4, "content_block_stop", { index: 0 }),
  wire(5, "content_block_start", {
    index: 1,
    content_block: { type: "tool_use", id: "toolu_1", name: "read_file", input: {} },
  }),
  wire(6, "content_block_delta", {
    index: 1,
    delta: { type: "input_json_delta", partial_json: '{"path":"notes/to' },
  }),
];

describe("deriveStreamingMessage assembles the open attempt's wire events", () => {
  it("shows text and the partially parsed input of a tool_use still streaming", () => {
    expect(deriveStreamingMessage(partialStream)).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "Reading it." },
        {
          type: "toolCall",
          id: "toolu_1",
          name: "read_file",
          arguments: { path: "notes/to" },
          rawArguments: '{"path":"notes/to',
        },
      ],
    });
  });

  it("is null once the turn completed or the attempt failed", () => {
    const completed = { ...envelope(7), kind: "turn.completed" } as TraceEvent;
    const failed = { ...envelope(7), kind: "wire.error" } as TraceEvent;
    expect(deriveStreamingMessage([...partialStream, completed])).toBeNull();
    expect(deriveStreamingMessage([...partialStream, failed])).toBeNull();
  });

  it("uses only the latest attempt after a retry", () => {
    const retry = [...partialStream, request(7, 2), wire(8, "message_start", START, 2)];
    expect(deriveStreamingMessage(retry)).toEqual({ role: "assistant", content: [] });
  });

  it("is null before any wire event arrives", () => {
    expect(deriveStreamingMessage([request(0)])).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { sessionCreated } from "@/lib/trace/testing/build-log";
import { callNeedsApproval, findOriginalResult, findRecordedToolCall } from "./replay-source";

const envelope = (seq: number) => ({ seq, at: seq, sessionId: "s1" });

function created(tools: ToolDefinition[]): TraceEvent {
  return { ...envelope(0), ...sessionCreated({ tools }) } as TraceEvent;
}

const schema = { type: "object" };

describe("findOriginalResult", () => {
  it("returns the tool.result of the call with its error kind and hint", () => {
    const events: TraceEvent[] = [
      created([]),
      { ...envelope(1), kind: "tool.result", callId: "a", turn: 1, name: "x", content: "A", isError: false },
      {
        ...envelope(2),
        kind: "tool.result",
        callId: "b",
        turn: 1,
        name: "x",
        content: "B",
        isError: true,
        errorKind: "timeout",
        hint: "retry",
      },
    ];
    expect(findOriginalResult(events, "a")).toEqual({ content: "A", isError: false });
    expect(findOriginalResult(events, "b")).toEqual({
      content: "B",
      isError: true,
      errorKind: "timeout",
      hint: "retry",
    });
  });

  it("returns null for a call that never got a result", () => {
    expect(findOriginalResult([created([])], "a")).toBeNull();
  });
});

describe("callNeedsApproval", () => {
  it("is true for a tool marked needsApproval or destructive", () => {
    const events = [
      created([
        { name: "rm", input_schema: schema, meta: { destructive: true } },
        { name: "ask", input_schema: schema, meta: { needsApproval: true } },
      ]),
    ];
    expect(callNeedsApproval(events, "c", "rm")).toBe(true);
    expect(callNeedsApproval(events, "c", "ask")).toBe(true);
  });

  it("is true for a call that waited at the approval stage", () => {
    const events: TraceEvent[] = [
      created([{ name: "echo", input_schema: schema }]),
      { ...envelope(1), kind: "tool.stage", callId: "c", stage: "approval", status: "waiting" },
    ];
    expect(callNeedsApproval(events, "c", "echo")).toBe(true);
    expect(callNeedsApproval(events, "other", "echo")).toBe(false);
  });

  it("is false for a plain tool whose call was never asked about", () => {
    expect(callNeedsApproval([created([{ name: "echo", input_schema: schema }])], "c", "echo")).toBe(false);
  });
});

describe("findRecordedToolCall", () => {
  const call = {
    type: "toolCall" as const,
    id: "c2",
    name: "echo",
    arguments: { text: "hi" },
    rawArguments: '{"text":"hi"}',
  };
  const events: TraceEvent[] = [
    created([]),
    {
      ...envelope(1),
      kind: "turn.completed",
      turn: 1,
      attempt: 1,
      format: "anthropic",
      message: {},
      unified: { role: "assistant", content: [{ type: "text", text: "ok" }, call] },
      stopReason: { unified: "tool_use", raw: "tool_use" },
      usage: { inputTokens: null, outputTokens: null },
    },
  ];

  it("returns the call's block from the turn that made it", () => {
    expect(findRecordedToolCall(events, "c2")).toEqual(call);
  });

  it("returns null for a call no completed turn holds", () => {
    expect(findRecordedToolCall(events, "c9")).toBeNull();
    expect(findRecordedToolCall([], "c2")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { collectRecordedCalls, pairCurrentVerdicts, selectValidatableCalls } from "./recorded-calls";

const envelope = { at: 0, sessionId: "s1" };

function turn(seq: number, calls: { id: string; name: string; arguments: unknown }[]): TraceEvent {
  return {
    ...envelope,
    seq,
    kind: "turn.completed",
    turn: seq,
    attempt: 1,
    format: "anthropic",
    message: {},
    unified: {
      role: "assistant",
      content: [
        { type: "text", text: "Let me look." },
        ...calls.map((call) => ({
          type: "toolCall" as const,
          ...call,
          rawArguments: call.arguments === null ? '{"pa' : JSON.stringify(call.arguments),
        })),
      ],
    },
    stopReason: { unified: "tool_use", raw: "tool_use" },
    usage: { inputTokens: 1, outputTokens: 1 },
  } as TraceEvent;
}

function stage(seq: number, callId: string, status: "running" | "ok" | "error", output?: string): TraceEvent {
  return {
    ...envelope,
    seq,
    kind: "tool.stage",
    callId,
    stage: "validate",
    status,
    ...(output ? { output } : {}),
  };
}

const events: TraceEvent[] = [
  turn(1, [
    { id: "c1", name: "read_notes", arguments: { path: "a.md" } },
    { id: "c2", name: "calculator", arguments: { expression: "1+1" } },
  ]),
  stage(2, "c1", "running"),
  stage(3, "c1", "ok"),
  turn(4, [
    { id: "c3", name: "read_notes", arguments: {} },
    { id: "c4", name: "read_notes", arguments: null },
  ]),
  stage(5, "c3", "running"),
  stage(6, "c3", "error", "path: required"),
];

describe("collectRecordedCalls", () => {
  it("lists every call of the tool in log order with its validate verdict then", () => {
    expect(collectRecordedCalls(events, "read_notes")).toEqual([
      {
        callId: "c1",
        turn: 1,
        seq: 1,
        arguments: { path: "a.md" },
        rawArguments: '{"path":"a.md"}',
        then: { status: "ok", detail: null },
      },
      {
        callId: "c3",
        turn: 4,
        seq: 4,
        arguments: {},
        rawArguments: "{}",
        then: { status: "error", detail: "path: required" },
      },
      {
        callId: "c4",
        turn: 4,
        seq: 4,
        arguments: null,
        rawArguments: '{"pa',
        then: { status: "none", detail: null },
      },
    ]);
  });

  it("finds nothing for a tool never called", () => {
    expect(collectRecordedCalls(events, "echo")).toEqual([]);
  });
});

describe("pairCurrentVerdicts", () => {
  it("pairs the batch results with the calls that were sent, and marks unparseable ones", () => {
    const calls = collectRecordedCalls(events, "read_notes");
    expect(selectValidatableCalls(calls).map((call) => call.callId)).toEqual(["c1", "c3"]);
    const error = { path: "", message: "must have required property 'path'", keyword: "required" };
    const verdicts = pairCurrentVerdicts(calls, {
      callIds: ["c1", "c3"],
      results: [
        { valid: true, errors: [] },
        { valid: false, errors: [error] },
      ],
    });
    expect([...verdicts]).toEqual([
      ["c1", { status: "checked", valid: true, errors: [] }],
      ["c3", { status: "checked", valid: false, errors: [error] }],
      ["c4", { status: "unparseable" }],
    ]);
  });

  it("pairs by call id, leaving out calls an answer does not cover", () => {
    const calls = collectRecordedCalls(events, "read_notes");
    const answer = { callIds: ["c3", "gone"], results: [{ valid: true, errors: [] }] };
    expect([...pairCurrentVerdicts(calls, answer)]).toEqual([
      ["c3", { status: "checked", valid: true, errors: [] }],
      ["c4", { status: "unparseable" }],
    ]);
  });
});

describe("collectRecordedCalls on a capture", () => {
  const request = (seq: number, capture: boolean): TraceEvent =>
    ({
      ...envelope,
      seq,
      kind: "request.assembled",
      turn: seq,
      attempt: 1,
      format: "anthropic",
      body: {},
      tokens: { tools: 0, system: 0, messages: 0, total: 0, tokenizer: "t" },
      ...(capture ? { capture: { path: "/v1/messages", upstream: "offline", client: "Claude Code" } } : {}),
    }) as TraceEvent;

  it("a captured client's call was run by the client, not validated then; a run's own stays none", () => {
    const log = [
      request(0, true),
      turn(1, [{ id: "c1", name: "Read", arguments: { file_path: "a" } }]),
      request(2, false),
      turn(3, [{ id: "c2", name: "Read", arguments: {} }]),
    ];
    expect(collectRecordedCalls(log, "Read").map((call) => [call.callId, call.then.status])).toEqual([
      ["c1", "client"],
      ["c2", "none"],
    ]);
  });
});

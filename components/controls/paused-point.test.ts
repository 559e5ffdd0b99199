import { describe, expect, it } from "vitest";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import type { TraceEvent } from "@/lib/trace/events";
import { deriveEnabledControls, derivePausedPoint, findToolCall } from "./paused-point";

const envelope = (seq: number) => ({ seq, at: seq, sessionId: "s1" });
const started: TraceEvent = { ...envelope(0), kind: "run.started", runId: "r1", trigger: "message" };
const paused: TraceEvent = {
  ...envelope(1),
  kind: "run.paused",
  runId: "r1",
  reason: "breakpoint",
  point: "beforeExecute",
  callId: "c1",
};
const configured: TraceEvent = { ...envelope(2), kind: "session.configured", changes: {} };
const resumed: TraceEvent = {
  ...envelope(3),
  kind: "run.resumed",
  runId: "r1",
  reason: "breakpoint",
  point: "beforeExecute",
  callId: "c1",
};

describe("derivePausedPoint", () => {
  it("reads the last run.paused while nothing resumed the run", () => {
    expect(derivePausedPoint([started, paused, configured])).toEqual({
      seq: 1,
      runId: "r1",
      reason: "breakpoint",
      point: "beforeExecute",
      callId: "c1",
    });
  });

  it("is null once the run resumed, and before any pause", () => {
    expect(derivePausedPoint([started, paused, configured, resumed])).toBeNull();
    expect(derivePausedPoint([started])).toBeNull();
  });

  it("keeps an approval wait's call and no point", () => {
    const approval: TraceEvent = {
      ...envelope(1),
      kind: "run.paused",
      runId: "r1",
      reason: "approval",
      callId: "c9",
    };
    expect(derivePausedPoint([started, approval])).toMatchObject({
      reason: "approval",
      point: null,
      callId: "c9",
    });
  });
});

describe("findToolCall", () => {
  const call: ToolCallBlock = {
    type: "toolCall",
    id: "c1",
    name: "read_file",
    arguments: { path: "a" },
    rawArguments: '{"path":"a"}',
  };
  it("finds a call by id, or null", () => {
    expect(findToolCall([{ content: [{ type: "text", text: "x" }, call] }], "c1")).toBe(call);
    expect(findToolCall([{ content: [call] }], "c2")).toBeNull();
    expect(findToolCall([{ content: [call] }], null)).toBeNull();
  });
});

describe("deriveEnabledControls", () => {
  const point = derivePausedPoint([started, paused])!;
  it("enables step and continue at a breakpoint, and interrupt", () => {
    expect(deriveEnabledControls({ status: "paused", paused: point, lastRole: "assistant" })).toEqual({
      step: true,
      continue: true,
      pause: false,
      interrupt: true,
    });
  });

  it("blocks step and continue while a call waits for approval", () => {
    const approval = { ...point, reason: "approval" as const, point: null };
    expect(deriveEnabledControls({ status: "paused", paused: approval, lastRole: "assistant" })).toEqual({
      step: false,
      continue: false,
      pause: false,
      interrupt: true,
    });
  });

  it("allows pause and interrupt while running, and a start when the transcript ends with the user", () => {
    expect(deriveEnabledControls({ status: "running", paused: null, lastRole: "user" })).toEqual({
      step: false,
      continue: false,
      pause: true,
      interrupt: true,
    });
    expect(deriveEnabledControls({ status: "interrupted", paused: null, lastRole: "user" })).toEqual({
      step: true,
      continue: true,
      pause: false,
      interrupt: false,
    });
    expect(deriveEnabledControls({ status: "finished", paused: null, lastRole: "assistant" })).toEqual({
      step: false,
      continue: false,
      pause: false,
      interrupt: false,
    });
  });
});

describe("derivePausedPoint with parallel calls paused together", () => {
  const pauseOf = (seq: number, callId: string, kind: "run.paused" | "run.resumed"): TraceEvent => ({
    ...envelope(seq),
    kind,
    runId: "r1",
    reason: "breakpoint",
    point: "beforeExecute",
    callId,
  });

  it("points at the oldest wait no resume answered, until the last one is resumed", () => {
    const three = [
      started,
      pauseOf(1, "a", "run.paused"),
      pauseOf(2, "b", "run.paused"),
      pauseOf(3, "c", "run.paused"),
    ];
    expect(derivePausedPoint(three)?.callId).toBe("a");
    const oneResumed = [...three, pauseOf(4, "a", "run.resumed")];
    expect(derivePausedPoint(oneResumed)).toMatchObject({ seq: 2, callId: "b" });
    const lastResumedFirst = [...three, pauseOf(4, "c", "run.resumed")];
    expect(derivePausedPoint(lastResumedFirst)).toMatchObject({ seq: 1, callId: "a" });
    const all = [...oneResumed, pauseOf(5, "b", "run.resumed"), pauseOf(6, "c", "run.resumed")];
    expect(derivePausedPoint(all)).toBeNull();
  });
});

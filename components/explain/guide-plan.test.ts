import { describe, expect, it } from "vitest";
import { NO_BREAKPOINTS } from "@/lib/trace/config";
import {
  countMessagesLeft,
  planBreakpoints,
  planMove,
  selectStopPoints,
  type MoveInputs,
} from "./guide-plan";

describe("selectStopPoints", () => {
  it.each([
    [{ kind: "user.message" }, ["beforeRequest"]],
    [{ kind: "request.assembled" }, ["beforeRequest"]],
    [{ kind: "session.configured" }, ["beforeRequest"]],
    [{ kind: "wire.event", fields: { event: "content_block_start" } }, ["endOfTurn"]],
    [{ kind: "turn.completed" }, ["endOfTurn"]],
    [{ kind: "batch.planned" }, ["beforeExecute", "afterResult"]],
    [{ kind: "tool.stage", fields: { stage: "preflight" } }, ["beforeExecute", "afterResult"]],
    [{ kind: "tool.stage" }, ["beforeExecute", "afterResult"]],
    [{ kind: "tool.stage", fields: { stage: "execute", status: "running" } }, ["afterResult"]],
    [{ kind: "tool.stage", fields: { stage: "post" } }, ["afterResult"]],
    [{ kind: "tool.result" }, ["afterResult"]],
    [{ kind: "workspace.changed" }, ["afterResult"]],
    [{ kind: "run.resumed" }, ["beforeRequest", "beforeExecute", "afterResult", "endOfTurn"]],
    [{ kind: "run.paused" }, []],
    [{ kind: "run.finished" }, []],
  ] as const)("%j stops at %j", (match, points) => {
    expect(selectStopPoints(match)).toEqual(points);
  });
});

describe("planBreakpoints", () => {
  it("sets exactly the wanted guide points and leaves onWireEvent alone", () => {
    const current = { ...NO_BREAKPOINTS, onWireEvent: true, endOfTurn: true };
    expect(planBreakpoints(current, ["afterResult"])).toEqual({ afterResult: true, endOfTurn: false });
    expect(planBreakpoints(current, ["endOfTurn"])).toBeNull();
    expect(planBreakpoints(current, [])).toEqual({ endOfTurn: false });
  });
});

describe("planMove", () => {
  const base: MoveInputs = { seq: null, status: "idle", lastRunId: null, paused: null, messagesLeft: 2 };

  it("seeks when the step's event is in the log, whatever the run does", () => {
    expect(planMove({ ...base, seq: 7, status: "running" })).toEqual({ kind: "seek", seq: 7 });
  });

  it("sends the next message when no run is live, once per finished run", () => {
    expect(planMove(base)).toEqual({ kind: "send", key: "send:none" });
    expect(planMove({ ...base, status: "finished", lastRunId: "r1" })).toEqual({
      kind: "send",
      key: "send:r1",
    });
  });

  it("is stuck when no run is live and the script is done", () => {
    expect(planMove({ ...base, status: "finished", messagesLeft: 0 })).toEqual({ kind: "stuck" });
  });

  it("resumes from a breakpoint, once per pause", () => {
    const paused = { seq: 12, reason: "breakpoint" as const };
    expect(planMove({ ...base, status: "paused", paused })).toEqual({ kind: "continue", key: "continue:12" });
  });

  it("waits for a running run and for the person's decision", () => {
    expect(planMove({ ...base, status: "running" })).toEqual({ kind: "wait", reason: "running" });
    expect(planMove({ ...base, status: "paused", paused: { seq: 3, reason: "approval" } })).toEqual({
      kind: "wait",
      reason: "approval",
    });
    expect(planMove({ ...base, status: "paused", paused: { seq: 3, reason: "manual-result" } })).toEqual({
      kind: "wait",
      reason: "manual-result",
    });
  });
});

describe("countMessagesLeft", () => {
  it("takes the server's count of scripted messages sent from the lesson's total", () => {
    expect(countMessagesLeft({ sent: 1, total: 3 })).toBe(2);
    expect(countMessagesLeft({ sent: 3, total: 3 })).toBe(0);
  });

  it("is 0 without a lesson or before the session is loaded", () => {
    expect(countMessagesLeft(null)).toBe(0);
    expect(countMessagesLeft(undefined)).toBe(0);
  });
});

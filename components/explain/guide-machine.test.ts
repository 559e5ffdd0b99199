import { describe, expect, it } from "vitest";
import { NO_BREAKPOINTS } from "@/lib/trace/config";
import {
  createGuideState,
  readGuideView,
  transitionGuide,
  type GuideCommand,
  type GuideEvent,
  type GuideRun,
  type GuideState,
} from "./guide-machine";
import type { GuidePoint } from "./guide-plan";

/** Three steps: one stops before the request, one at the end of the turn, one after a result. */
const STOPS: GuidePoint[][] = [["beforeRequest"], ["endOfTurn"], ["afterResult"]];
const IDLE: GuideRun = {
  status: "idle",
  lastRunId: null,
  paused: null,
  messagesLeft: 1,
  breakpoints: NO_BREAKPOINTS,
};
const NOT_YET = [null, null, null];

function build(index: number, located: (number | null)[], run: Partial<GuideRun> = {}, lastSeq = 10) {
  return createGuideState({ stops: STOPS, index, located, lastSeq, run: { ...IDLE, ...run } });
}

/** Feeds events one after another; returns the last state and every command, in order. */
function feed(state: GuideState, ...events: GuideEvent[]): { state: GuideState; commands: GuideCommand[] } {
  const commands: GuideCommand[] = [];
  for (const event of events) {
    const next = transitionGuide(state, event);
    state = next.state;
    commands.push(...next.commands);
  }
  return { state, commands };
}

const types = (commands: GuideCommand[]) => commands.map((command) => command.type);
const RUN_COMMANDS = ["set-breakpoints", "send-next-message", "control"];

const paused = (seq: number, reason: "breakpoint" | "approval" | "manual-result") => ({
  status: "paused" as const,
  lastRunId: "r1",
  paused: { seq, reason },
});

/** Every kind of state the guide meets. */
const STATES: Record<string, GuideState> = {
  intro: build(-1, NOT_YET),
  "to send": build(0, NOT_YET),
  stuck: build(0, NOT_YET, { status: "finished", lastRunId: "r1", messagesLeft: 0 }),
  running: build(0, NOT_YET, {
    status: "running",
    lastRunId: "r1",
    breakpoints: { ...NO_BREAKPOINTS, beforeRequest: true },
  }),
  "paused at a breakpoint": build(1, [3, null, null], paused(5, "breakpoint")),
  "paused for approval": build(1, [3, null, null], paused(5, "approval")),
  "paused for a manual result": build(1, [3, null, null], paused(5, "manual-result")),
  "on screen": build(0, [3, null, null], { status: "running", lastRunId: "r1" }),
  "on the log's last event": build(0, [10, null, null], { status: "running", lastRunId: "r1" }),
  "last step": build(2, [3, 6, 9], {
    ...paused(9, "breakpoint"),
    breakpoints: { ...NO_BREAKPOINTS, afterResult: true },
  }),
  "lesson finished": build(3, [3, 6, 9], { status: "finished", lastRunId: "r1", messagesLeft: 0 }),
  "drive pending": { ...build(0, NOT_YET), pending: 1 },
  "drive failed": { ...build(0, NOT_YET), failed: true, error: new Error("offline") },
};

/** Every event, as the hook sends them. */
const EVENTS: Record<string, (state: GuideState) => GuideEvent> = {
  "lesson loaded": (state) => ({ type: "lesson-loaded", stops: STOPS, index: state.index }),
  "position changed elsewhere": (state) => ({ type: "position-changed", index: state.index === 0 ? 1 : 0 }),
  "step forward": () => ({ type: "step-forward" }),
  "step back": () => ({ type: "step-back" }),
  "log advanced, nothing new located": (state) => ({
    type: "log-advanced",
    located: state.located,
    lastSeq: state.lastSeq + 1,
  }),
  "log advanced, every step located": (state) => ({
    type: "log-advanced",
    located: [3, 6, 9],
    lastSeq: state.lastSeq + 1,
  }),
  "run status unchanged": (state) => ({ type: "run-status-changed", run: state.run }),
  "run started": (state) => ({
    type: "run-status-changed",
    run: { ...state.run, status: "running", paused: null },
  }),
  "drive settled": () => ({ type: "drive-settled" }),
  "drive failed": () => ({ type: "drive-failed", error: new Error("500") }),
  retry: () => ({ type: "retry" }),
};

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

describe("the guide's transition table, every state × every event", () => {
  const cases = Object.entries(STATES).flatMap(([stateName, state]) =>
    Object.entries(EVENTS).map(([eventName, event]) => [stateName, eventName, state, event(state)] as const),
  );

  it.each(cases)(
    "%s × %s: pure, in bounds, and never drives past the person",
    (_s, eventName, state, event) => {
      deepFreeze(state);
      const first = transitionGuide(state, event);
      expect(transitionGuide(state, event)).toEqual(first);
      const { state: next, commands } = first;
      expect(next.index).toBeGreaterThanOrEqual(-1);
      expect(next.index).toBeLessThanOrEqual(STOPS.length);
      const view = readGuideView(next);
      const sent = types(commands);
      // Approvals and manual results are the person's: the guide never continues the run for them.
      if (state.run.paused?.reason === "approval" || state.run.paused?.reason === "manual-result")
        expect(sent).not.toContain("control");
      // A message or a continue goes out only for a step whose event is not in the log.
      if (sent.includes("send-next-message") || (sent.includes("control") && eventName !== "step forward"))
        expect(view.stepSeq).toBeNull();
      // Nothing goes to the run while a drive is pending or failed (finishing the lesson aside).
      const blocked =
        (state.pending > 0 && eventName !== "drive settled") || (state.failed && eventName !== "retry");
      if (blocked && eventName !== "step forward")
        expect(sent.filter((t) => RUN_COMMANDS.includes(t))).toEqual([]);
      // The position is stored exactly when Next or Back moved it.
      const moved = next.index !== state.index;
      expect(sent.includes("store-position")).toBe(
        moved && (eventName === "step forward" || eventName === "step back"),
      );
      // The run's commands of one transition are one drive: side by side, none repeated.
      const runAt = sent.flatMap((t, i) => (RUN_COMMANDS.includes(t) ? [i] : []));
      if (runAt.length > 0) expect(runAt.at(-1)! - runAt[0]!).toBe(runAt.length - 1);
      expect(new Set(sent).size).toBe(sent.length);
      // The same event again sends nothing more to the run.
      const again = transitionGuide(next, event);
      if (eventName !== "step forward" && eventName !== "step back")
        expect(types(again.commands).filter((t) => RUN_COMMANDS.includes(t))).toEqual([]);
    },
  );
});

describe("the guide, scenario by scenario", () => {
  it("Start: the first step's breakpoints, then the lesson's message, once", () => {
    const { state, commands } = feed(STATES.intro!, { type: "step-forward" });
    expect(commands).toEqual([
      { type: "store-position", index: 0 },
      { type: "set-breakpoints", changes: { beforeRequest: true } },
      { type: "send-next-message" },
    ]);
    expect(readGuideView(state)).toMatchObject({
      phase: "step",
      index: 0,
      canNext: false,
      move: { kind: "send" },
    });
    expect(feed(state, { type: "run-status-changed", run: state.run }).commands).toEqual([]);
  });

  it("Next pressed twice quickly moves one step when the next step is not on screen yet", () => {
    const { state, commands } = feed(
      STATES["on screen"]!,
      { type: "step-forward" },
      { type: "step-forward" },
    );
    expect(state.index).toBe(1);
    expect(commands).toEqual([
      { type: "store-position", index: 1 },
      { type: "set-breakpoints", changes: { endOfTurn: true } },
    ]);
    expect(readGuideView(state)).toMatchObject({ canNext: false, move: { kind: "wait", reason: "running" } });
  });

  it("Next pressed twice quickly moves two steps when both are on screen, the cursor on each", () => {
    const { state, commands } = feed(
      build(0, [3, 6, 9], { status: "finished", lastRunId: "r1" }, 12),
      { type: "step-forward" },
      { type: "step-forward" },
    );
    expect(state.index).toBe(2);
    expect(commands).toEqual([
      { type: "store-position", index: 1 },
      { type: "seek", seq: 6 },
      { type: "store-position", index: 2 },
      { type: "seek", seq: 9 },
    ]);
  });

  it("waits while the run is paused for approval, then continues from the next breakpoint once", () => {
    let { state, commands } = feed(STATES["paused for approval"]!, {
      type: "lesson-loaded",
      stops: STOPS,
      index: 1,
    });
    expect(types(commands)).toEqual(["set-breakpoints"]);
    expect(readGuideView(state)).toMatchObject({
      canNext: false,
      move: { kind: "wait", reason: "approval" },
    });
    ({ state, commands } = feed(
      state,
      { type: "drive-settled" },
      { type: "run-status-changed", run: { ...state.run, status: "running", paused: null } },
      { type: "run-status-changed", run: { ...state.run, ...paused(8, "breakpoint") } },
    ));
    expect(commands).toEqual([{ type: "control", action: "continue" }]);
    ({ commands } = feed(state, { type: "drive-settled" }, { type: "run-status-changed", run: state.run }));
    expect(commands).toEqual([]);
  });

  it("sends nothing while a drive is pending, and sends what is due once it settles", () => {
    const pending = { ...STATES["to send"]!, pending: 1 };
    expect(feed(pending, { type: "run-status-changed", run: { ...IDLE, messagesLeft: 2 } }).commands).toEqual(
      [],
    );
    expect(types(feed(pending, { type: "drive-settled" }).commands)).toEqual([
      "set-breakpoints",
      "send-next-message",
    ]);
  });

  it("stops after a failed drive and sends the same again on retry", () => {
    const { state, commands } = feed(STATES["to send"]!, { type: "lesson-loaded", stops: STOPS, index: 0 });
    const failed = feed(state, { type: "drive-failed", error: "boom" });
    expect(failed.state).toMatchObject({ failed: true, error: "boom", pending: 0 });
    expect(
      feed(failed.state, { type: "run-status-changed", run: { ...IDLE, messagesLeft: 3 } }).commands,
    ).toEqual([]);
    expect(feed(failed.state, { type: "retry" }).commands).toEqual(commands);
  });

  it("sends the next message once per finished run", () => {
    let { state } = feed(
      STATES["to send"]!,
      { type: "lesson-loaded", stops: STOPS, index: 0 },
      { type: "drive-settled" },
    );
    const finished = {
      ...IDLE,
      status: "finished" as const,
      lastRunId: "r1",
      breakpoints: { ...NO_BREAKPOINTS, beforeRequest: true },
    };
    const first = feed(state, { type: "run-status-changed", run: finished });
    expect(first.commands).toEqual([{ type: "send-next-message" }]);
    ({ state } = feed(first.state, { type: "drive-settled" }));
    expect(
      feed(state, { type: "run-status-changed", run: { ...finished, messagesLeft: 2 } }).commands,
    ).toEqual([]);
  });

  it("is stuck, with Next open, when no run is live and no message is left", () => {
    expect(feed(STATES.stuck!, { type: "lesson-loaded", stops: STOPS, index: 0 }).commands).toEqual([
      { type: "set-breakpoints", changes: { beforeRequest: true } },
    ]);
    expect(readGuideView(STATES.stuck!)).toMatchObject({ canNext: true, move: { kind: "stuck" } });
  });

  it("moves the cursor to a step's event when it arrives, and back onto it after a later one", () => {
    const arrived = feed(STATES.running!, { type: "log-advanced", located: [11, null, null], lastSeq: 11 });
    expect(arrived.commands).toEqual([{ type: "seek", seq: 11 }]);
    expect(readGuideView(arrived.state)).toMatchObject({
      stepSeq: 11,
      canNext: true,
      move: { kind: "seek" },
    });
    const later = feed(arrived.state, { type: "log-advanced", located: [11, null, null], lastSeq: 12 });
    expect(later.commands).toEqual([{ type: "seek", seq: 11 }]);
    expect(
      feed(later.state, { type: "log-advanced", located: [11, null, null], lastSeq: 13 }).commands,
    ).toEqual([]);
  });

  it("lesson finished: Next on the last step takes the breakpoints away, continues and goes live", () => {
    const { state, commands } = feed(STATES["last step"]!, { type: "step-forward" });
    expect(commands).toEqual([
      { type: "set-breakpoints", changes: { afterResult: false } },
      { type: "control", action: "continue" },
      { type: "go-live" },
      { type: "store-position", index: 3 },
    ]);
    expect(readGuideView(state)).toMatchObject({ phase: "done", canNext: false, stepSeq: null, move: null });
    expect(feed(state, { type: "drive-settled" }, { type: "step-forward" }).commands).toEqual([]);
    expect(feed(state, { type: "step-back" }).commands).toEqual([
      { type: "store-position", index: 2 },
      { type: "seek", seq: 9 },
    ]);
  });

  it("a position changed elsewhere moves the guide without storing it again", () => {
    expect(feed(STATES["lesson finished"]!, { type: "position-changed", index: 1 }).commands).toEqual([
      { type: "seek", seq: 6 },
    ]);
    expect(feed(STATES.intro!, { type: "position-changed", index: 99 }).state.index).toBe(3);
  });

  it("Back from the introduction stays there", () => {
    const { state, commands } = feed(STATES.intro!, { type: "step-back" });
    expect(state).toBe(STATES.intro);
    expect(commands).toEqual([]);
  });
});

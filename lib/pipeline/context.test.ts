import { describe, expect, it } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { buildLog, sessionCreated } from "@/lib/trace/testing/build-log";
import { createPipelineContext, denyUndecided } from "./context";
import type { PipelineContext } from "./types";

const validate: PipelineContext["validate"] = () => ({ valid: true, message: "" });
const tool = { name: "t", input_schema: { type: "object" } };
const write: NewEvent = {
  kind: "workspace.changed",
  callId: "c1",
  change: { type: "write", path: "a.txt", content: "A" },
};

describe("createPipelineContext", () => {
  it("appends in memory by default: seq from the log, time from the clock, the session id", () => {
    const clock = createVirtualClock(500);
    const context = createPipelineContext({
      tools: [tool],
      hooks: new Map(),
      validate,
      clock,
      sessionId: "x",
    });
    const first = context.emit(write);
    const second = context.emit(write);
    expect([first.seq, first.at, first.sessionId, second.seq]).toEqual([0, 500, "x", 1]);
    expect(context.log()).toEqual([first, second]);
  });

  it("pushes onto the given log and folds each event into the workspace projected from it", () => {
    const log = buildLog([sessionCreated({ workspace: { "b.txt": "B" } })]);
    const context = createPipelineContext({
      tools: [],
      hooks: new Map(),
      validate,
      clock: createVirtualClock(0),
      log,
    });
    expect(context.workspace().files).toEqual({ "b.txt": "B" });
    context.emit(write);
    expect(log).toHaveLength(2);
    expect(context.workspace().files).toEqual({ "b.txt": "B", "a.txt": "A" });
  });

  it("uses a given append and a given starting workspace", () => {
    const appended: NewEvent[] = [];
    const context = createPipelineContext({
      tools: [],
      hooks: new Map(),
      validate,
      clock: createVirtualClock(0),
      workspace: { files: { "seed.md": "S" }, ledger: [] },
      append: (event) => {
        appended.push(event);
        return { ...event, seq: 41, at: 7, sessionId: "store" } as TraceEvent;
      },
    });
    expect(context.emit(write).seq).toBe(41);
    expect(appended).toEqual([write]);
    expect(context.workspace().files).toEqual({ "seed.md": "S", "a.txt": "A" });
  });

  it("redacts the in-memory envelope", () => {
    const context = createPipelineContext({
      tools: [],
      hooks: new Map(),
      validate,
      clock: createVirtualClock(0),
      redact: (event) => ({ ...event, sessionId: "redacted" }),
    });
    expect(context.emit(write).sessionId).toBe("redacted");
  });

  it("defaults: turn 1, tools by name, empty policy, no pause, a denial, a manual error", async () => {
    const context = createPipelineContext({
      tools: [tool],
      hooks: new Map(),
      validate,
      clock: createVirtualClock(0),
    });
    expect([context.turn, context.tools.get("t"), context.tools.has("__proto__"), context.policy]).toEqual([
      1,
      tool,
      false,
      {},
    ]);
    expect(context.signal.aborted).toBe(false);
    await expect(context.checkpoint("beforeExecute", {})).resolves.toBeUndefined();
    await expect(context.awaitDecision("c1")).resolves.toEqual({
      decision: "deny",
      reason: "no decision was given for it",
    });
    await expect(context.awaitManualResult("c1")).resolves.toMatchObject({ isError: true });
  });
});

describe("createPipelineContext given a map of tools", () => {
  it("keeps its keys, so a stand-in definition answers to the name it is keyed by", () => {
    const standIn = { name: "list_dir", input_schema: { type: "object" } };
    const context = createPipelineContext({
      tools: new Map([["read_file", standIn]]),
      hooks: new Map(),
      validate,
      clock: createVirtualClock(0),
    });
    expect([context.tools.get("read_file"), context.tools.has("list_dir")]).toEqual([standIn, false]);
  });
});

describe("denyUndecided", () => {
  it("answers with the given decision, else denies with the reason; __proto__ is just an id", async () => {
    const decide = denyUndecided({ c1: { decision: "approve" } }, "nobody said");
    await expect(decide("c1")).resolves.toEqual({ decision: "approve" });
    await expect(decide("c2")).resolves.toEqual({ decision: "deny", reason: "nobody said" });
    await expect(decide("__proto__")).resolves.toEqual({ decision: "deny", reason: "nobody said" });
  });
});

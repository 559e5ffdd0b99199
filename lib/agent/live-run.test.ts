import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { controlSession } from "./control";
import type { RunGate } from "./gate";
import { findLiveRun } from "./live-run";
import { startRun } from "./runs";
import type { LiveRun, Runtime } from "./runtime";
import { createSession, deleteSession } from "./sessions";
import { createTestRuntime } from "./testing/offline-runtime";

let dataDir: string;
let runtime: Runtime;
let sessionId: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-live-run-"));
  runtime = createTestRuntime({ dataDir });
  const created = createSession(runtime, {});
  if (!created.ok) throw new Error(created.problem.error);
  sessionId = created.value.id;
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A run as `startRun` registers one, without a loop behind it. */
function carry(runId: string): LiveRun {
  const run: LiveRun = {
    runId,
    controller: new AbortController(),
    done: Promise.resolve(),
    gate: {} as RunGate,
  };
  runtime.runs.set(sessionId, run);
  return run;
}

const appendStart = (runId: string) =>
  runtime.store.append(sessionId, { kind: "run.started", runId, trigger: "message" });
const appendEnd = (runId: string) =>
  runtime.store.append(sessionId, { kind: "run.finished", runId, reason: "end_turn", syntheticResults: [] });

describe("findLiveRun: is a run live?", () => {
  it("is the carried run from its run.started until its end is appended", () => {
    const run = carry("run_1");
    appendStart("run_1");
    expect(findLiveRun(runtime, sessionId)).toBe(run);
    appendEnd("run_1");
    // Its promise may still wind down (the registry still holds it): the run is over.
    expect(runtime.runs.has(sessionId)).toBe(true);
    expect(findLiveRun(runtime, sessionId)).toBeUndefined();
  });

  it("is no run when the log shows one started that no process carries (a dead run)", () => {
    appendStart("run_dead");
    expect(findLiveRun(runtime, sessionId)).toBeUndefined();
  });

  it("is no run when the carried run is not the one the log shows live", () => {
    carry("run_old");
    appendStart("run_other");
    expect(findLiveRun(runtime, sessionId)).toBeUndefined();
  });

  it("reads the events it is given instead of the stored log", () => {
    const run = carry("run_1");
    const before = runtime.store.events(sessionId);
    appendStart("run_1");
    expect(findLiveRun(runtime, sessionId, before)).toBeUndefined();
    expect(findLiveRun(runtime, sessionId, runtime.store.events(sessionId))).toBe(run);
  });
});

describe("deleting, starting and controlling ask findLiveRun", () => {
  it("deleting: a conflict while a run is live, allowed once it has ended, not_found after", () => {
    carry("run_1");
    appendStart("run_1");
    expect(deleteSession(runtime, sessionId)).toEqual({
      ok: false,
      problem: { kind: "conflict", error: "A run is live in this session; interrupt it before deleting." },
    });
    appendEnd("run_1");
    expect(deleteSession(runtime, sessionId)).toEqual({ ok: true, value: null });
    expect(deleteSession(runtime, sessionId)).toEqual({
      ok: false,
      problem: { kind: "not_found", error: `No session with id ${sessionId}.` },
    });
  });

  it("starting: a conflict while a run is live; over a dead run, which it closes first", async () => {
    carry("run_1");
    appendStart("run_1");
    expect(startRun(runtime, sessionId, { trigger: "continue" })).toMatchObject({
      ok: false,
      problem: { kind: "conflict" },
    });
    runtime.runs.delete(sessionId);
    const started = startRun(runtime, sessionId, { trigger: "message", text: "hi" });
    if (!started.ok) throw new Error(started.problem.error);
    await runtime.runs.get(sessionId)?.done;
    const runEvents = runtime.store
      .events(sessionId)
      .filter((event) => event.kind.startsWith("run."))
      .map((event) => [event.kind, "runId" in event ? event.runId : null]);
    expect(runEvents).toEqual([
      ["run.started", "run_1"],
      ["run.interrupted", "run_1"],
      ["run.started", started.value.runId],
      ["run.finished", started.value.runId],
    ]);
  });

  it("controlling: a run whose end is appended has nothing left to pause", async () => {
    carry("run_1");
    appendStart("run_1");
    appendEnd("run_1");
    expect(await controlSession(runtime, sessionId, "pause")).toEqual({
      ok: false,
      problem: { kind: "conflict", error: "No run is live in this session; there is nothing to pause." },
    });
  });
});

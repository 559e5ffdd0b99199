/**
 * Breakpoints on a batch whose calls run in parallel: every call's gate is reachable by step and
 * continue, the session stays paused while any call waits, and interrupt ends the run at once.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { deriveRunState } from "@/lib/trace/status";
import { controlSession, setBreakpoints } from "./control";
import { startMessageRun } from "./runs";
import { createSession } from "./sessions";
import { openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

const MESSAGE =
  "At the same time: run the nightly check (2 steps of 400 ms), read notes/todo.md and fetch https://example.com/.";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-parallel-gates-");
});
afterEach(() => test.close());

/** Resolves once the log holds `count` events that match. */
function waitForCount(id: string, count: number, match: (event: TraceEvent) => boolean): Promise<void> {
  const seen = () => test.runtime.store.events(id).filter(match).length >= count;
  if (seen()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = test.runtime.bus.subscribe(id, () => {
      if (seen()) {
        stop();
        resolve();
      }
    });
  });
}

const isPauseBeforeExecute = (event: TraceEvent) =>
  event.kind === "run.paused" && event.point === "beforeExecute";

/** A parallel-reads lesson session paused with its three calls at "before execute". */
async function pauseThreeCalls(): Promise<string> {
  const created = createSession(test.runtime, { scenario: "parallel-reads" });
  if (!created.ok) throw new Error(created.problem.error);
  const id = created.value.id;
  setBreakpoints(test.runtime, id, { beforeExecute: true });
  const started = startMessageRun(test.runtime, id, MESSAGE);
  if (!started.ok) throw new Error(started.problem.error);
  await waitForCount(id, 3, isPauseBeforeExecute);
  return id;
}

const results = (id: string) =>
  test.runtime.store.events(id).filter((e): e is EventOf<"tool.result"> => e.kind === "tool.result");

describe("parallel calls paused before execute", () => {
  it("one continue runs all three calls to the end of the run", async () => {
    const id = await pauseThreeCalls();
    const planned = test.runtime.store.events(id).find((e) => e.kind === "batch.planned");
    expect(planned?.kind === "batch.planned" && planned.schedule[0]).toHaveLength(3);
    expect(deriveRunState(test.runtime.store.events(id)).pauses).toBe(3);

    expect(await controlSession(test.runtime, id, "continue")).toMatchObject({ ok: true });
    await test.runtime.runs.get(id)?.done;
    const events = test.runtime.store.events(id);
    expect(events.at(-1)?.kind).toBe("run.finished");
    expect(results(id).map((r) => r.isError)).toEqual([false, false, false]);
  });

  it("steps each call in turn; the session stays paused until the third is stepped", async () => {
    const id = await pauseThreeCalls();
    for (const left of [2, 1]) {
      expect(await controlSession(test.runtime, id, "step")).toMatchObject({ ok: true });
      expect(deriveRunState(test.runtime.store.events(id))).toMatchObject({ status: "paused", pauses: left });
    }
    expect(await controlSession(test.runtime, id, "step")).toMatchObject({ ok: true });
    // Stepping goes on to the next checkpoint: after the batch's first result.
    await waitForCount(id, 1, (e) => e.kind === "run.paused" && e.point === "afterResult");
    expect(await controlSession(test.runtime, id, "continue")).toMatchObject({ ok: true });
    await test.runtime.runs.get(id)?.done;
    expect(test.runtime.store.events(id).at(-1)?.kind).toBe("run.finished");
    expect(results(id)).toHaveLength(3);
  });

  it("interrupt ends the run at once with an interrupted result for every waiting call", async () => {
    const id = await pauseThreeCalls();
    expect(await controlSession(test.runtime, id, "interrupt")).toMatchObject({
      ok: true,
      value: { status: "interrupted" },
    });
    const end = test.runtime.store.events(id).at(-1);
    expect(end?.kind).toBe("run.interrupted");
    expect(results(id)).toEqual([]);
    const synthetic = end?.kind === "run.interrupted" ? end.syntheticResults : [];
    expect(synthetic.map((r) => r.errorKind)).toEqual(["interrupted", "interrupted", "interrupted"]);
  });
});

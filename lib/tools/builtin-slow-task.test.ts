import { describe, expect, test } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { slowTask, SLOW_TASK_TIMEOUT_MS } from "./builtin-slow-task";
import { createToolSession } from "./testing/create-tool-session";

/** Lets resumed code run; no real time passes. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("slow_task", () => {
  test("sleeps stepMs per step on the run's clock and reports progress after each step", async () => {
    const clock = createVirtualClock(1_000);
    const session = createToolSession();
    let done = false;
    const running = session.run(slowTask, { steps: 3, stepMs: 100 }, { clock }).finally(() => (done = true));
    await flush();
    expect(clock.pending()).toBe(1);
    expect(session.progress).toEqual([]);

    clock.advance(99);
    await flush();
    expect(session.progress).toEqual([]);
    clock.advance(1);
    await flush();
    expect(session.progress).toEqual([{ message: "step 1 of 3", fraction: 1 / 3 }]);

    clock.advance(100);
    await flush();
    clock.advance(100);
    await flush();
    expect(done).toBe(true);
    expect(await running).toEqual({ content: "Finished 3 steps of 100 ms (300 ms in all).", isError: false });
    expect(session.progress).toEqual([
      { message: "step 1 of 3", fraction: 1 / 3 },
      { message: "step 2 of 3", fraction: 2 / 3 },
      { message: "step 3 of 3", fraction: 1 },
    ]);
    expect(clock.now()).toBe(1_300);
    expect(session.changes).toEqual([]);
  });

  test("defaults to 5 steps of 500 ms, which fits in its timeout; 10 steps do not", async () => {
    const clock = createVirtualClock(0, { autoAdvance: true });
    const session = createToolSession();
    expect(await session.run(slowTask, {}, { clock })).toEqual({
      content: "Finished 5 steps of 500 ms (2500 ms in all).",
      isError: false,
    });
    expect(clock.now()).toBe(2_500);
    expect(session.progress.map((update) => update.message)).toEqual([
      "step 1 of 5",
      "step 2 of 5",
      "step 3 of 5",
      "step 4 of 5",
      "step 5 of 5",
    ]);
    expect(slowTask.definition.meta.timeoutMs).toBe(SLOW_TASK_TIMEOUT_MS);
    expect(2_500).toBeLessThan(SLOW_TASK_TIMEOUT_MS);
    expect(10 * 500).toBeGreaterThan(SLOW_TASK_TIMEOUT_MS);
  });

  test("returns at once when the signal aborts mid-sleep, saying how far it got", async () => {
    const clock = createVirtualClock(0);
    const controller = new AbortController();
    const session = createToolSession();
    const running = session.run(slowTask, { steps: 10, stepMs: 500 }, { clock, signal: controller.signal });
    for (let step = 0; step < 6; step++) {
      await flush();
      clock.advance(500);
    }
    await flush();
    expect(session.progress).toHaveLength(6);
    controller.abort(new Error("timed out after 3000 ms"));
    expect(await running).toEqual({
      content: "Stopped after 6 of 10 steps: timed out after 3000 ms.",
      isError: true,
    });
    expect(clock.pending()).toBe(0);
    expect(clock.now()).toBe(3_000);
  });

  test("does not start when the signal has already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const session = createToolSession();
    expect(await session.run(slowTask, { steps: 2 }, { signal: controller.signal })).toEqual({
      content: "Stopped after 0 of 2 steps: This operation was aborted.",
      isError: true,
    });
    expect(session.progress).toEqual([]);
  });

  test("refuses out-of-range and non-integer arguments", async () => {
    const run = (args: Record<string, unknown>) => createToolSession().run(slowTask, args);
    expect(await run({ steps: 0 })).toEqual({
      content: "`steps` must be between 1 and 20, got 0.",
      isError: true,
    });
    expect(await run({ steps: 21 })).toEqual({
      content: "`steps` must be between 1 and 20, got 21.",
      isError: true,
    });
    expect(await run({ steps: 2.5 })).toEqual({ content: "`steps` must be an integer.", isError: true });
    expect(await run({ stepMs: "500" })).toEqual({ content: "`stepMs` must be an integer.", isError: true });
    expect(await run({ stepMs: -1 })).toEqual({
      content: "`stepMs` must be between 0 and 5000, got -1.",
      isError: true,
    });
  });
});

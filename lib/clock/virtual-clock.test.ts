import { describe, expect, test } from "vitest";
import { createVirtualClock } from "./virtual-clock";

/** Lets pending promise callbacks run. */
function flushCallbacks(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe("createVirtualClock", () => {
  test("sleeps resolve only when advanced past their deadline, earliest first", async () => {
    const clock = createVirtualClock(100);
    const order: string[] = [];
    void clock.sleep(30).then(() => order.push(`b@${clock.now()}`));
    void clock.sleep(10).then(() => order.push(`a@${clock.now()}`));
    void clock.sleep(30).then(() => order.push(`c@${clock.now()}`));
    clock.advance(9);
    await flushCallbacks();
    expect(order).toEqual([]);
    expect(clock.pending()).toBe(3);
    clock.advance(21);
    await flushCallbacks();
    // Callbacks run after advance returns, so each sees the final time.
    expect(order).toEqual(["a@130", "b@130", "c@130"]);
    expect(clock.now()).toBe(130);
    expect(clock.pending()).toBe(0);
  });

  test("an abort rejects the sleep with the signal's reason and forgets it", async () => {
    const clock = createVirtualClock(0);
    const controller = new AbortController();
    const sleeping = clock.sleep(1_000, controller.signal);
    controller.abort(new Error("stop"));
    await expect(sleeping).rejects.toThrow("stop");
    expect(clock.pending()).toBe(0);
    await expect(clock.sleep(5, controller.signal)).rejects.toThrow("stop");
  });

  test("auto-advance moves time at once: sequential sleeps add up, parallel ones do not", async () => {
    const clock = createVirtualClock(0, { autoAdvance: true });
    await clock.sleep(100);
    await clock.sleep(50);
    expect(clock.now()).toBe(150);
    await Promise.all([clock.sleep(200), clock.sleep(200)]);
    expect(clock.now()).toBe(350);
  });
});

import { describe, expect, test } from "vitest";
import { systemClock } from "./system-clock";

describe("systemClock", () => {
  test("reads real time and sleeps on real timers, cancelled by the signal", async () => {
    const before = Date.now();
    expect(systemClock.now()).toBeGreaterThanOrEqual(before);
    await expect(systemClock.sleep(0)).resolves.toBeUndefined();
    const controller = new AbortController();
    const sleeping = systemClock.sleep(60_000, controller.signal);
    controller.abort();
    await expect(sleeping).rejects.toMatchObject({ name: "AbortError" });
  });
});

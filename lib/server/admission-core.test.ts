import { describe, expect, it } from "vitest";
import {
  createAdmission,
  createShedder,
  DEFAULT_MAX_IN_FLIGHT,
  isSheddable,
  readMaxInFlight,
} from "./admission-core.mjs";

describe("admission control in front of Next", () => {
  it("admits up to the bound, turns the next away, and admits again once one leaves", () => {
    const admission = createAdmission(2);
    const first = admission.enter();
    const second = admission.enter();
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(admission.enter()).toBeNull();
    expect(admission.inFlight).toBe(2);
    first!();
    first!(); // a second leave (finish, then close) counts once
    expect(admission.inFlight).toBe(1);
    expect(admission.enter()).not.toBeNull();
    expect(admission.enter()).toBeNull();
  });

  it("turns away API calls only: never health, event streams, pages or capture requests", () => {
    expect(isSheddable({ pathname: "/api/sessions", accept: "*/*" })).toBe(true);
    expect(isSheddable({ pathname: "/API/settings", accept: undefined })).toBe(true);
    expect(isSheddable({ pathname: "/api/health/x", accept: undefined })).toBe(true);
    expect(isSheddable({ pathname: "/api/health", accept: undefined })).toBe(false);
    expect(isSheddable({ pathname: "/api/sessions/s1/events", accept: "text/event-stream" })).toBe(false);
    expect(isSheddable({ pathname: "/capture/anthropic/v1/messages", accept: "application/json" })).toBe(
      false,
    );
    expect(isSheddable({ pathname: "/sessions/s1", accept: "text/html" })).toBe(false);
    expect(isSheddable({ pathname: "/_next/static/chunks/a.js", accept: "*/*" })).toBe(false);
  });

  it("reads the bound from the environment, refusing what is not a whole number ≥ 1", () => {
    expect(readMaxInFlight(undefined)).toBe(DEFAULT_MAX_IN_FLIGHT);
    expect(readMaxInFlight(" ")).toBe(DEFAULT_MAX_IN_FLIGHT);
    expect(readMaxInFlight("8")).toBe(8);
    for (const bad of ["0", "-1", "2.5", "lots"])
      expect(() => readMaxInFlight(bad)).toThrow(/TOOLSCOPE_MAX_IN_FLIGHT must be a whole number/);
  });

  it("sheds nothing for one long task, only for a standing queue, and recovers when it drains", () => {
    const shedder = createShedder({ window: 3, targetMs: 30, minArrivals: 4, minShare: 0.1, recovery: 0.25 });
    const arrive = (count: number) => Array.from({ length: count }, () => shedder.admit());
    for (const lag of [2, 3000, 1, 2, 1]) shedder.sample(lag); // a big import blocked the loop once
    expect(shedder.share).toBe(1);
    for (const lag of [400, 500, 450]) {
      arrive(1); // a test's few requests: late, but nothing piles up
      shedder.sample(lag);
    }
    expect(shedder.share).toBe(1);
    for (const lag of [400, 500, 450]) {
      arrive(5); // a machine busy with other programs: late, crowded, but the server waits for a CPU
      shedder.sample(lag, 0.2);
    }
    expect(shedder.share).toBe(1);
    expect(arrive(4)).toEqual([true, true, true, true]);
    for (const lag of [1, 1, 1]) shedder.sample(lag);
    for (const lag of [400, 500, 450]) {
      arrive(2); // a flood: every sample late, requests behind each
      shedder.sample(lag);
    }
    expect(shedder.share).toBe(0.5);
    expect(Array.from({ length: 6 }, () => shedder.admit())).toEqual([false, true, false, true, false, true]);
    for (let i = 0; i < 10; i++) {
      arrive(2);
      shedder.sample(600);
    }
    expect(shedder.share).toBe(0.1);
    expect(Array.from({ length: 20 }, () => shedder.admit()).filter(Boolean)).toHaveLength(2);
    shedder.sample(5); // the queue is gone: back by a quarter a sample
    expect(shedder.share).toBeCloseTo(0.35);
    // One turn of the loop so long that no sample comes: requests see the timer overdue.
    const overdue = { overdueMs: 2000, readCpuShare: () => 0.95 };
    const starved = { overdueMs: 2000, readCpuShare: () => 0.1 };
    for (let i = 0; i < 3; i++) shedder.admit(overdue); // fewer than minArrivals: the share as before
    const admitted = Array.from({ length: 20 }, () => shedder.admit(overdue)).filter(Boolean).length;
    expect(admitted).toBeGreaterThanOrEqual(1);
    expect(admitted).toBeLessThanOrEqual(3); // at minShare (0.1), not 0.35
    expect(Array.from({ length: 4 }, () => shedder.admit(starved)).filter(Boolean).length).toBeGreaterThan(0);
    shedder.sample(5);
    for (let i = 0; i < 2; i++) shedder.sample(5);
    expect(shedder.share).toBe(1);
  });
});

/**
 * A virtual clock for tests, lessons and replays (docs/architecture.md, "The tool pipeline": time
 * is injected): time moves only when told to, or by itself once the program is idle.
 */
import "server-only";
import { readAbortReason } from "./abort-reason";
import type { Clock } from "./types";

/** A clock whose time moves only when told to. */
export interface VirtualClock extends Clock {
  /**
   * Moves time forward by `ms`, resolving every sleep that falls due, earliest first. Code resumed
   * by a resolved sleep runs after `advance` returns, so a sleep it starts waits for the next call.
   */
  advance(ms: number): void;
  /** How many sleeps are waiting. */
  pending(): number;
}

export interface VirtualClockOptions {
  /**
   * When true, time jumps forward by itself whenever the program has nothing else to do: once
   * every pending promise job has run (a macrotask later), the earliest sleep falls due and
   * resolves. So sleeps resolve in deadline order, a tool's 500 ms steps finish before a
   * 3,000 ms timeout, and nothing waits in real time.
   */
  autoAdvance?: boolean;
}

interface Sleeper {
  due: number;
  order: number;
  resolve: () => void;
}

/**
 * A virtual clock starting at `start` (epoch ms). With `autoAdvance` every sleep completes
 * immediately; otherwise sleeps resolve only through `advance`. Never reads real time.
 */
export function createVirtualClock(start: number, options: VirtualClockOptions = {}): VirtualClock {
  let now = start;
  let order = 0;
  const sleepers: Sleeper[] = [];

  const advance = (ms: number): void => {
    const target = now + Math.max(0, ms);
    for (;;) {
      sleepers.sort((a, b) => a.due - b.due || a.order - b.order);
      const next = sleepers[0];
      if (!next || next.due > target) break;
      sleepers.shift();
      now = Math.max(now, next.due);
      next.resolve();
    }
    now = target;
  };

  let draining = false;
  /** Resolves the earliest sleep once the program is idle, then looks again. */
  const scheduleDrain = () => {
    if (draining) return;
    draining = true;
    setImmediate(() => {
      draining = false;
      sleepers.sort((a, b) => a.due - b.due || a.order - b.order);
      const next = sleepers[0];
      if (!next) return;
      advance(next.due - now);
      if (sleepers.length > 0) scheduleDrain();
    });
  };

  const sleep = (ms: number, signal?: AbortSignal): Promise<void> => {
    if (signal?.aborted) return Promise.reject(readAbortReason(signal));
    const due = now + Math.max(0, ms);
    if (options.autoAdvance) scheduleDrain();
    return new Promise<void>((resolve, reject) => {
      const sleeper: Sleeper = { due, order: order++, resolve: () => finish(resolve) };
      const onAbort = () => {
        const index = sleepers.indexOf(sleeper);
        if (index >= 0) sleepers.splice(index, 1);
        reject(readAbortReason(signal as AbortSignal));
      };
      const finish = (done: () => void) => {
        signal?.removeEventListener("abort", onAbort);
        done();
      };
      sleepers.push(sleeper);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  };

  return { now: () => now, sleep, advance, pending: () => sleepers.length };
}

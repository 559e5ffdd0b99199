/**
 * Injected time (docs/architecture.md, "The tool pipeline": time is injected). Production code
 * takes a `Clock` as a parameter and never calls `setTimeout` or `Date.now` itself; tests and
 * lessons pass a virtual clock so nothing waits in real time. The bottom layer: imports nothing.
 */

/** Injected time: tools, timeouts, faults and the offline model's pace run on it. */
export interface Clock {
  now(): number;
  /** Resolves after `ms` of this clock's time; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

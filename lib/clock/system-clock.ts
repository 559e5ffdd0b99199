/** Real time, for the running server (docs/architecture.md, "The tool pipeline": time is injected). */
import "server-only";
import { readAbortReason } from "./abort-reason";
import type { Clock } from "./types";

/** Real time: `Date.now` and `setTimeout`, cancelled by the signal. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(readAbortReason(signal));
      const onAbort = () => {
        clearTimeout(timer);
        reject(readAbortReason(signal as AbortSignal));
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  },
};

import "server-only";
import { defineTool } from "./define-tool";
import { acceptArguments, fail, requireInteger, succeed } from "./tool-arguments";

/** The harness stops `slow_task` after this long: 10 steps of 500 ms do not make it. */
export const SLOW_TASK_TIMEOUT_MS = 3000;

/** Why the signal aborted, as a short phrase. */
function describeAbort(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && reason.message) return reason.message;
  return typeof reason === "string" && reason ? reason : "aborted";
}

/**
 * `slow_task`: sleeps `stepMs` per step on the run's clock and reports `step i of n` after each
 * step. It has no side effects. When the signal aborts (a timeout or an interrupt) it returns an
 * error at once, saying how far it got; the pipeline decides the error kind from why it aborted.
 */
export const slowTask = defineTool({
  name: "slow_task",
  description: `Run a slow simulated task that waits stepMs milliseconds per step and streams progress after each step ("step 2 of 5"). It has no side effects. The harness stops it after ${SLOW_TASK_TIMEOUT_MS / 1000} seconds, so 10 steps of 500 ms time out.`,
  input_schema: {
    type: "object",
    properties: {
      steps: {
        type: "integer",
        minimum: 1,
        maximum: 20,
        default: 5,
        description: "How many steps to run, 1 to 20 (default 5).",
      },
      stepMs: {
        type: "integer",
        minimum: 0,
        maximum: 5000,
        default: 500,
        description: "How long each step takes, in milliseconds, 0 to 5000 (default 500).",
      },
    },
    additionalProperties: false,
  },
  meta: { readOnly: true, timeoutMs: SLOW_TASK_TIMEOUT_MS },
  execute: acceptArguments(async (args, { clock, signal, reportProgress }) => {
    const steps = requireInteger(args, "steps", { minimum: 1, maximum: 20, fallback: 5 });
    const stepMs = requireInteger(args, "stepMs", { minimum: 0, maximum: 5000, fallback: 500 });
    for (let step = 1; step <= steps; step++) {
      if (signal.aborted)
        return fail(`Stopped after ${step - 1} of ${steps} steps: ${describeAbort(signal)}.`);
      try {
        await clock.sleep(stepMs, signal);
      } catch (error) {
        // A sleep rejects only when the signal aborts; anything else is a bug.
        if (!signal.aborted) throw error;
        return fail(`Stopped after ${step - 1} of ${steps} steps: ${describeAbort(signal)}.`);
      }
      reportProgress(`step ${step} of ${steps}`, step / steps);
    }
    return succeed(
      `Finished ${steps} step${steps === 1 ? "" : "s"} of ${stepMs} ms (${steps * stepMs} ms in all).`,
    );
  }),
});

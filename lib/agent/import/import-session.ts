import "server-only";
import { refuse, succeed, type Outcome } from "@/lib/agent/outcome";
import { newId } from "@/lib/agent/ids";
import type { Runtime } from "@/lib/agent/runtime";
import { closeDeadRun } from "@/lib/agent/recover";
import { planImport } from "./plan";
import type { ImportInput, ImportResult, PlanOutcome } from "./types";

/** How an `unprocessable` problem begins when planning threw: a shape the readers did not check reached a converter. */
export const UNREADABLE_IMPORT = "The input could not be read";

/**
 * `POST /api/import`: reads the input into a plan (see `planImport`), then stores the new session
 * and all its events in one store transaction, so a failure leaves nothing behind. Unrecognized
 * or malformed input is `unprocessable`, saying what was expected, and nothing is saved. Every event passes
 * the store's redaction as it is appended, like any other.
 */
export function importSession(runtime: Runtime, input: ImportInput): Outcome<ImportResult> {
  const planned = planSafely(input, runtime.clock.now());
  if (!planned.ok) return refuse("unprocessable", planned.error, planned.path);
  const { plan } = planned;
  const id = newId("ses");
  const notes = [...plan.notes];
  runtime.store.transaction(() => {
    runtime.store.createSession({ id, title: plan.title, provider: plan.provider, source: "import" });
    plan.events.forEach((event, index) => {
      const at = plan.times?.[index];
      runtime.store.append(id, event, at === undefined ? {} : { at });
    });
    // A log that stops inside a run has no process to carry that run on: end it, as a restart would.
    if (
      closeDeadRun(runtime.store, id, {
        reason: "the imported log ended inside this run",
        why: "The import ended",
      })
    ) {
      notes.push(
        "The imported log ended inside a run; it was marked interrupted, with results for its open calls.",
      );
    }
  });
  return succeed({ id, detected: plan.detected, notes });
}

/**
 * Planning is pure and checks shapes before any converter runs; should a shape slip through and
 * a converter throw, the answer is still `unprocessable`, naming what broke (never a throw), and nothing is saved.
 */
function planSafely(input: ImportInput, now: number): PlanOutcome {
  try {
    return planImport(input, { now });
  } catch (error) {
    return {
      ok: false,
      error: `${UNREADABLE_IMPORT}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

import "server-only";
import { refuse, succeed, type Outcome } from "@/lib/server/problem";
import { newId } from "@/lib/agent/ids";
import type { Runtime } from "@/lib/agent/runtime";
import { planImport } from "./plan";
import type { ImportInput, ImportResult } from "./types";

/**
 * `POST /api/import`: reads the input into a plan (see `planImport`), then stores the new session
 * and all its events in one store transaction, so a failure leaves nothing behind. Unrecognized
 * or malformed input is a 422 saying what was expected, and nothing is saved. Every event passes
 * the store's redaction as it is appended, like any other.
 */
export function importSession(runtime: Runtime, input: ImportInput): Outcome<ImportResult> {
  const planned = planImport(input, { now: runtime.clock.now() });
  if (!planned.ok) return refuse(422, planned.error);
  const { plan } = planned;
  const id = newId("ses");
  runtime.store.transaction(() => {
    runtime.store.createSession({ id, title: plan.title, provider: plan.provider });
    plan.events.forEach((event, index) => {
      const at = plan.times?.[index];
      runtime.store.append(id, event, at === undefined ? {} : { at });
    });
  });
  return succeed({ id, detected: plan.detected, notes: plan.notes });
}

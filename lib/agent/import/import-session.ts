import "server-only";
import { abandoned, yieldTurn } from "@/lib/agent/abandon";
import { refuse, succeed, type Outcome } from "@/lib/agent/outcome";
import { newId } from "@/lib/agent/ids";
import type { Runtime } from "@/lib/agent/runtime";
import { closeDeadRun } from "@/lib/agent/recover";
import { listNamedBaseURLs } from "@/lib/trace/provider-trust";
import { planImport } from "./plan";
import type { ImportInput, ImportPlan, ImportResult, PlanOutcome } from "./types";

/** Why an import holds a base URL (`provider.trust`), as the session page shows it. */
export const IMPORTED_BASE_URL_REASON =
  "It came with an imported file: a request there would carry this server's API key.";

/** How an `unprocessable` problem begins when planning threw: a shape the readers did not check reached a converter. */
export const UNREADABLE_IMPORT = "The input could not be read";

/**
 * The JSON Pointer a reader's error starts its point with (`…, but /events/2/text: missing…`), so
 * the answer names it as its `path`; undefined when the error names none.
 */
export function findErrorPointer(error: string): string | undefined {
  return /(?:^|\s)(\/[^\s:]*):/.exec(error)?.[1];
}

/**
 * `POST /api/import`: reads the input into a plan (see `planImport`), then stores the new session
 * and all its events in one store transaction, so a failure leaves nothing behind. Unrecognized
 * or malformed input is `unprocessable`, saying what was expected, and nothing is saved. Every event passes
 * the store's redaction as it is appended, like any other.
 */
export function importSession(runtime: Runtime, input: ImportInput): Outcome<ImportResult> {
  const planned = planSafely(input, runtime.clock.now());
  if (!planned.ok)
    return refuse("unprocessable", planned.error, planned.path ?? findErrorPointer(planned.error));
  return succeed(writePlan(runtime, planned.plan));
}

/**
 * {@link importSession} for `POST /api/import`, whose input may be large: it yields before
 * reading the input and before writing it, and stops (`abandoned`, nothing saved) when `signal`
 * has aborted by then — a client that gave up on a long import does not leave a session behind
 * or keep the server busy planning it.
 */
export async function importUnlessAbandoned(
  runtime: Runtime,
  input: ImportInput,
  signal: AbortSignal,
): Promise<Outcome<ImportResult>> {
  await yieldTurn();
  if (signal.aborted) return abandoned();
  const planned = planSafely(input, runtime.clock.now());
  if (!planned.ok)
    return refuse("unprocessable", planned.error, planned.path ?? findErrorPointer(planned.error));
  await yieldTurn();
  if (signal.aborted) return abandoned();
  return succeed(writePlan(runtime, planned.plan));
}

/** Stores a plan's session and events in one transaction; the result `POST /api/import` answers. */
function writePlan(runtime: Runtime, plan: ImportPlan): ImportResult {
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
    // A base URL from a file is data, never a destination for our key, until a person trusts it
    // on the session page. Held last, so no `provider.trust` inside the file can release one.
    const held = [...new Set([...listNamedBaseURLs(plan.events), ...namedIn(plan.provider)])];
    for (const baseURL of held) {
      runtime.store.append(id, {
        kind: "provider.trust",
        baseURL,
        trusted: false,
        reason: IMPORTED_BASE_URL_REASON,
      });
      notes.push(
        `The provider base URL ${baseURL} came with the file: no run sends a request there until you trust it on the session page.`,
      );
    }
  });
  return { id, detected: plan.detected, notes };
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

function namedIn(provider: { baseURL?: unknown }): string[] {
  return typeof provider.baseURL === "string" ? [provider.baseURL] : [];
}

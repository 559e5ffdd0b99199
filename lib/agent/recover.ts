import "server-only";
import type { EventStore } from "@/lib/store/store";
import { deriveRunState } from "@/lib/trace/status";
import { closeOrphanedRuns } from "./leases";
import { createSyntheticResults } from "./synthetic";

/**
 * Marks every run that was live when the process stopped as interrupted, adding `interrupted`
 * results for its unanswered calls. Called once at startup, before any new run can begin. On a
 * shared database (Postgres), only the runs no instance holds a live lease on.
 */
export function recoverInterruptedRuns(store: EventStore): string[] {
  // On a shared database a running session may be another instance's: only a run whose lease
  // is gone is dead (leases.ts).
  if (store.leases) return closeOrphanedRuns(store);
  const recovered: string[] = [];
  for (const session of store.listSessions()) {
    if (session.status !== "running" && session.status !== "paused") continue;
    try {
      const closed = closeDeadRun(store, session.id, {
        reason: "the server stopped while this run was live",
        why: "The server stopped",
      });
      if (closed) recovered.push(session.id);
    } catch (error) {
      // One session whose log cannot be read must not keep the server from starting.
      console.error(
        `toolscope: could not recover session ${session.id}; it stays as it is: ${describeError(error)}`,
      );
    }
  }
  return recovered;
}

/**
 * Ends a run whose loop threw past its own error handling with `run.failed` and an `interrupted`
 * result per open call (none, when the log is too broken to read them), unless the log already
 * shows it ended. Never throws: what cannot be appended is logged.
 */
export function failCrashedRun(store: EventStore, sessionId: string, runId: string, error: unknown): void {
  try {
    const events = store.events(sessionId);
    if (deriveRunState(events).liveRunId !== runId) return;
    let syntheticResults: ReturnType<typeof createSyntheticResults> = [];
    try {
      syntheticResults = createSyntheticResults(events, "The run failed");
    } catch (readError) {
      console.error(`toolscope: run ${runId} ends without synthetic results: ${describeError(readError)}`);
    }
    const reason = `the run crashed: ${describeError(error)}`;
    store.append(sessionId, { kind: "run.failed", runId, reason, error: reason, syntheticResults });
  } catch (appendError) {
    console.error(`toolscope: could not end crashed run ${runId}: ${describeError(appendError)}`);
  }
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Ends a run that the log shows live but no process is carrying (a crash, or an imported log that
 * stops inside a run) with `run.interrupted` and an `interrupted` result for each open call.
 * Returns whether there was one. Never call it for a session whose run is live in this process.
 */
export function closeDeadRun(
  store: EventStore,
  sessionId: string,
  words: { reason: string; why: string },
): boolean {
  const events = store.events(sessionId);
  const { liveRunId } = deriveRunState(events);
  if (!liveRunId) return false;
  store.append(sessionId, {
    kind: "run.interrupted",
    runId: liveRunId,
    reason: words.reason,
    syntheticResults: createSyntheticResults(events, words.why),
  });
  return true;
}

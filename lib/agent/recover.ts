import "server-only";
import type { EventStore } from "@/lib/store/store";
import { deriveRunState } from "@/lib/trace/status";
import { createSyntheticResults } from "./synthetic";

/**
 * Marks every run that was live when the process stopped as interrupted, adding `interrupted`
 * results for its unanswered calls. Called once at startup, before any new run can begin.
 */
export function recoverInterruptedRuns(store: EventStore): string[] {
  const recovered: string[] = [];
  for (const session of store.listSessions()) {
    if (session.status !== "running" && session.status !== "paused") continue;
    const closed = closeDeadRun(store, session.id, {
      reason: "the server stopped while this run was live",
      why: "The server stopped",
    });
    if (closed) recovered.push(session.id);
  }
  return recovered;
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

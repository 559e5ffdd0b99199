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
    const events = store.events(session.id);
    const { liveRunId } = deriveRunState(events);
    if (!liveRunId) continue;
    store.append(session.id, {
      kind: "run.interrupted",
      runId: liveRunId,
      reason: "the server stopped while this run was live",
      syntheticResults: createSyntheticResults(events, "The server stopped"),
    });
    recovered.push(session.id);
  }
  return recovered;
}

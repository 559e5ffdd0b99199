import "server-only";
import type { TraceEvent } from "@/lib/trace/events";
import { deriveRunState } from "@/lib/trace/status";
import type { LiveRun, Runtime } from "./runtime";

export const LIVE_ELSEWHERE =
  "A run is live in this session on another Toolscope instance sharing this database; control it there, or wait for it to end.";

/**
 * Whether another instance on a shared database (Postgres) carries the session's run: this
 * process does not, and some instance holds a live lease on it (lib/agent/leases.ts). Always
 * false on SQLite, where this process is the only one.
 */
export function isRunLiveElsewhere(runtime: Pick<Runtime, "runs" | "store">, sessionId: string): boolean {
  return !runtime.runs.has(sessionId) && (runtime.store.leases?.isHeld(sessionId) ?? false);
}

/**
 * The session's live run, or `undefined`: the one answer to "is a run live?" that starting a
 * run, the controls, configuring, replaying and deleting all ask. A run is live while this
 * process carries it (it is in `runtime.runs`) and its log has not yet recorded its end — a run
 * that has appended `run.finished`, `run.interrupted` or `run.failed` is over even while its
 * promise winds down. A log that shows a run started and never ended, with no process carrying
 * it, shows a dead run (see `closeDeadRun`), not a live one. `events` defaults to the stored log.
 */
export function findLiveRun(
  runtime: Pick<Runtime, "runs" | "store">,
  sessionId: string,
  events: readonly TraceEvent[] = runtime.store.events(sessionId),
): LiveRun | undefined {
  const carried = runtime.runs.get(sessionId);
  if (!carried) return undefined;
  return deriveRunState(events).liveRunId === carried.runId ? carried : undefined;
}

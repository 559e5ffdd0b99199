import "server-only";
import type { EventStore } from "@/lib/store/event-store";
import { closeDeadRun } from "./recover";
import type { Runtime } from "./runtime";

/** How long a run's lease lasts unless renewed: an owner that stops renewing has crashed. */
export const LEASE_MS = 30_000;
/** How often an instance renews its runs' leases and looks for runs whose owner is gone. */
export const LEASE_CHECK_MS = 10_000;

const ORPHAN_WORDS = {
  reason: "the instance carrying this run stopped renewing its lease",
  why: "The server stopped",
};

/**
 * Ends the session's run with `run.interrupted` if its log shows it live and no instance holds a
 * live lease on it. The check and the append are one transaction under the session's lock, so
 * when several instances notice the same dead run, exactly one ends it. Returns whether this
 * call did. On a store without leases (SQLite), it is {@link closeDeadRun}.
 */
export function closeOrphanedRun(
  store: EventStore,
  sessionId: string,
  words: { reason: string; why: string } = ORPHAN_WORDS,
): boolean {
  const leases = store.leases;
  if (!leases) return closeDeadRun(store, sessionId, words);
  return store.transaction(() => {
    leases.lockSession(sessionId);
    if (leases.isHeld(sessionId)) return false;
    return closeDeadRun(store, sessionId, words);
  });
}

/** Ends every run whose owner is gone (see {@link closeOrphanedRun}); returns the sessions ended here. */
export function closeOrphanedRuns(store: EventStore, words = ORPHAN_WORDS): string[] {
  const closed: string[] = [];
  for (const sessionId of store.leases?.orphans() ?? []) {
    try {
      if (closeOrphanedRun(store, sessionId, words)) closed.push(sessionId);
    } catch (error) {
      console.error(`toolscope: could not end the orphaned run of session ${sessionId}`, error);
    }
  }
  return closed;
}

/**
 * On a shared database: renews the leases of this instance's live runs and ends the runs of
 * instances that stopped, every {@link LEASE_CHECK_MS}. Returns a stop function; the timer never
 * keeps the process alive.
 */
export function watchLeases(runtime: Runtime, every = LEASE_CHECK_MS, ttlMs = LEASE_MS): () => void {
  const leases = runtime.store.leases;
  if (!leases) return () => {};
  const timer = setInterval(() => {
    try {
      leases.renew([...runtime.runs.keys()], ttlMs);
      closeOrphanedRuns(runtime.store);
    } catch (error) {
      console.error("toolscope: the run lease check failed", error);
    }
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

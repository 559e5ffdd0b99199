import "server-only";
import { listProviderKeys } from "@/lib/server/keys";
import { resolveToken } from "@/lib/server/token";
import { openDatabase } from "@/lib/store/db";
import { createRedactor } from "@/lib/store/redact";
import { EventStore } from "@/lib/store/store";
import type { ProviderConfig } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import type { Runtime } from "./runtime";

export interface ForkedSessionPlan {
  row: { id: string; title: string; provider: ProviderConfig; parentId: string; forkSeq: number };
  /** The parent's events to copy, in order: each keeps its kind, payload, `seq` and `at`. */
  copied: readonly TraceEvent[];
  /** Events appended after the copy, stamped now. */
  appended: readonly NewEvent[];
  /** Last events, built from the child's log as written so far. */
  finish(log: readonly TraceEvent[]): NewEvent[];
}

/**
 * Writes a forked session — its row, the copied prefix, then the new events — in one
 * transaction: all of it lands, or none does. Events are redacted as every append is.
 *
 * `EventStore.append` stamps `at` with the store's clock, and a copy must keep the parent's
 * times; so the write goes through a short-lived second store on its own connection to the
 * same database file, whose clock reads the time of the event being copied. (SQLite in WAL
 * mode: the runtime's connection sees the child as soon as this transaction commits; the
 * runtime's store has never seen the new id, so it reads the next seq from the table.)
 */
export function writeForkedSession(runtime: Runtime, plan: ForkedSessionPlan): void {
  const { config } = runtime;
  const redact = createRedactor(() => [...listProviderKeys(config), resolveToken(config)]);
  const db = openDatabase(config.dataDir);
  let stamp = runtime.clock.now();
  try {
    const store = new EventStore(db, runtime.bus, redact, () => stamp);
    store.transaction(() => {
      store.createSession(plan.row);
      const log: TraceEvent[] = [];
      for (const event of plan.copied) {
        stamp = event.at;
        log.push(store.append(plan.row.id, stripEnvelope(event)));
      }
      stamp = runtime.clock.now();
      for (const event of plan.appended) log.push(store.append(plan.row.id, event));
      for (const event of plan.finish(log)) log.push(store.append(plan.row.id, event));
    });
  } finally {
    db.close();
  }
}

function stripEnvelope(event: TraceEvent): NewEvent {
  const { seq: _seq, at: _at, sessionId: _sessionId, ...rest } = event;
  return rest as NewEvent;
}

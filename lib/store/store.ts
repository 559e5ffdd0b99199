import "server-only";
import type { ProviderConfig } from "@/lib/trace/config";
import type { EventKind, NewEvent, TraceEvent } from "@/lib/trace/events";
import type { EventBus } from "./bus";
import { noteWrites } from "./checkpointer";
import { createStatementCache, RUN_KINDS, type Db } from "./db";
import type { Statement } from "better-sqlite3";
import type { EventStore, NewSession, SessionPage, SessionRow, SessionSource } from "./event-store";
import type { Redactor } from "./redact";
import { sealEvent, type SealedEvent } from "./seal";
import { SeqCounter, type SeqJournal } from "./seqs";
import {
  buildSessionPageQuery,
  foldRunState,
  SESSION_SELECT,
  toRows,
  toSessionPage,
  type RawSession,
} from "./session-rows";

export type { EventStore, NewSession, SessionPage, SessionRow, SessionSource } from "./event-store";
export { decodeCursor, encodeCursor } from "./session-rows";

const IS_RUN_KIND: ReadonlySet<EventKind> = new Set(RUN_KINDS);

/** An event {@link SqliteEventStore.transactionSoon} sealed, waiting to be written. */
interface PendingRow extends SealedEvent {
  sessionId: string;
}

/**
 * The SQLite event store, one process on one file: sessions and their append-only event logs.
 * Every event is redacted, frozen and written before it is published; `seq` is dense from 0 per
 * session. A session row's title and provider are redacted too: the sessions list serves them.
 */
export class SqliteEventStore implements EventStore {
  /** One process per file: a run no live run of this process carries is dead. */
  readonly leases = null;
  private readonly seqs = new SeqCounter(
    (sessionId) =>
      this.prepare("SELECT MAX(seq) FROM events WHERE session_id = ?", true).get(sessionId) as number | null,
  );
  /** Events appended inside the open transaction, published once it commits (null outside one). */
  private unpublished: TraceEvent[] | null = null;
  /** The statement for an SQL text (and pluck mode), prepared once per store. */
  private readonly prepare: (sql: string, pluck?: boolean) => Statement;
  /**
   * Events {@link transactionSoon} sealed (seq given) but has not written yet, oldest first: the
   * next write, read or turn of the event loop writes them, in one commit, then publishes them.
   */
  private pending: PendingRow[] = [];
  private flushScheduled = false;
  /** How deep {@link transactionSoon} work is under way (its appends go to `pending`). */
  private deferring = 0;
  /** The sessions the open transaction appended to: their rows' event counts are set before it commits. */
  private readonly touched = new Set<string>();
  /**
   * Runs its argument in one SQLite transaction (a savepoint inside one): better-sqlite3's wrapper,
   * made once — `db.transaction(fn)` builds five functions per call, on every append's path.
   */
  private readonly atomically: <T>(work: () => T) => T;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly redact: Redactor,
    private readonly now: () => number = Date.now,
  ) {
    this.prepare = createStatementCache(db);
    this.atomically = db.transaction((work: () => unknown) => work()) as <T>(work: () => T) => T;
  }

  createSession(row: NewSession): void {
    this.flushWaiting();
    this.prepare(
      "INSERT INTO sessions (id, title, created_at, parent_id, fork_seq, provider, source, client) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(
      row.id,
      this.redact(row.title),
      this.now(),
      row.parentId ?? null,
      row.forkSeq ?? null,
      JSON.stringify(this.redact(row.provider)),
      row.source ?? "run",
      row.client === undefined ? null : this.redact(row.client),
    );
    this.seqs.start(row.id);
  }

  /**
   * Appends one event: redacts it, gives it its envelope, writes it, then publishes it. `at`
   * defaults to now; an import of an export passes the original times. Inside
   * {@link transactionSoon}'s work it waits with that work's other writes.
   */
  append(sessionId: string, event: NewEvent, options: { at?: number } = {}): TraceEvent {
    if (this.unpublished === null) {
      if (this.deferring > 0) return this.defer(sessionId, event, options);
      // One commit with the row's event count, and with the writes waiting before it, if any (the
      // log's order is the order of the appends).
      return this.transaction(() => this.append(sessionId, event, options));
    }
    const sealed = this.seal(sessionId, event, options);
    this.write(sessionId, sealed);
    if (this.unpublished) this.unpublished.push(sealed.event);
    else this.bus.publish(sealed.event);
    return sealed.event;
  }

  /** Events with `seq > after`, in order; at most `limit` of them when given (a page). */
  events(sessionId: string, after = -1, limit?: number): TraceEvent[] {
    this.flushWaiting();
    // LIMIT -1: no limit (SQLite).
    const rows = this.prepare(
      "SELECT body FROM events WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?",
      true,
    ).all(sessionId, after, limit ?? -1) as string[];
    return rows.map((body) => JSON.parse(body) as TraceEvent);
  }

  /**
   * {@link events} as the API serves them: passed through the redactor once more, so a secret
   * configured after an event was written (a key saved in the settings page) is not served.
   */
  eventsForReading(sessionId: string, after = -1, limit?: number): TraceEvent[] {
    return this.events(sessionId, after, limit).map((event) => this.redact(event));
  }

  /**
   * The stored JSON text of the events with `after < seq <= through`, in order, at most `limit`
   * of them, as the API serves them: redacted on read like {@link eventsForReading}, but a text
   * the redactor's screen says it would not change is sent as stored, never parsed.
   */
  eventTextsForReading(sessionId: string, page: { after: number; through: number; limit: number }): string[] {
    this.flushWaiting();
    const rows = this.prepare(
      "SELECT body FROM events WHERE session_id = ? AND seq > ? AND seq <= ? ORDER BY seq LIMIT ?",
      true,
    ).all(sessionId, page.after, page.through, page.limit) as string[];
    const screen = this.redact.mayRewriteJson;
    return rows.map((body) =>
      screen && !screen(body) ? body : JSON.stringify(this.redact(JSON.parse(body) as TraceEvent)),
    );
  }

  /** The events of the given kinds, in order, redacted on read (one index range per kind). */
  eventsOfKindsForReading(sessionId: string, kinds: readonly EventKind[]): TraceEvent[] {
    this.flushWaiting();
    const rows = this.prepare(
      `SELECT body FROM events WHERE session_id = ? AND kind IN (${kinds.map(() => "?").join(", ")}) ORDER BY seq`,
      true,
    ).all(sessionId, ...kinds) as string[];
    return rows.map((body) => this.redact(JSON.parse(body) as TraceEvent));
  }

  /** The last event's seq, or -1 for a session without events. */
  lastSeq(sessionId: string): number {
    return this.seqs.peek(sessionId) - 1;
  }

  getSession(id: string): SessionRow | null {
    this.flushWaiting();
    const raw = this.prepare(`${SESSION_SELECT} WHERE s.id = ?`).get(id) as RawSession | undefined;
    return raw ? toRows([raw], this.redact)[0]! : null;
  }

  /** Every session, newest first (tests and tools; pages use {@link pageSessions}). */
  listSessions(): SessionRow[] {
    this.flushWaiting();
    const raws = this.prepare(`${SESSION_SELECT} ORDER BY s.created_at DESC, s.id`).all() as RawSession[];
    return toRows(raws, this.redact);
  }

  /**
   * One page of sessions, newest first, in one query: `limit` rows after `cursor` (an opaque
   * string a previous page returned), of one `source` or all. Returns `null` for a cursor this
   * store never gave out.
   */
  pageSessions(options: { limit: number; cursor?: string; source?: SessionSource }): SessionPage | null {
    this.flushWaiting();
    const query = buildSessionPageQuery(options);
    if (!query) return null;
    const raws = this.prepare(query.sql).all(...query.values) as RawSession[];
    return toSessionPage(raws, options.limit, this.redact);
  }

  /** Deletes a session and its events; forks keep their own copies. Returns whether it existed. */
  deleteSession(id: string): boolean {
    this.flushWaiting();
    const removed = this.atomically(() => {
      this.prepare("DELETE FROM events WHERE session_id = ?").run(id);
      return this.prepare("DELETE FROM sessions WHERE id = ?").run(id).changes > 0;
    });
    this.seqs.forget(id);
    return removed;
  }

  /**
   * Runs `work` in one database transaction: all of its writes land, or none do. Its events are
   * published only once it commits, so a live stream never sees an event that a rollback takes
   * back (and whose seq the next event reuses). Events {@link transactionSoon} left waiting are
   * written first, in the same commit.
   */
  transaction<T>(work: () => T): T {
    if (this.unpublished === null && this.deferring > 0) return this.transactionSoon(work);
    // The seqs this transaction takes, to give back on a rollback (not a copy of every session's).
    const before = this.seqs.open();
    if (this.unpublished) {
      // A nested transaction is a savepoint: a failure caught by the outer one takes back its
      // events and their seqs only.
      const outer = this.unpublished;
      const kept = outer.length;
      try {
        return this.atomically(work);
      } catch (error) {
        this.seqs.restore(before);
        outer.length = kept;
        throw error;
      } finally {
        this.seqs.close();
      }
    }
    const waiting = this.pending;
    this.pending = [];
    const unpublished: TraceEvent[] = [];
    this.unpublished = unpublished;
    let written = false;
    let result: T;
    try {
      result = this.atomically(() => {
        written = this.writeWaiting(waiting, before);
        const value = work();
        this.updateCounts();
        return value;
      });
    } catch (error) {
      this.seqs.restore(before);
      // Taken back with the rest: they wait for the next commit again.
      if (written) this.pending = waiting;
      throw error;
    } finally {
      this.unpublished = null;
      this.touched.clear();
      this.seqs.close();
    }
    for (const event of unpublished) this.bus.publish(event);
    return result;
  }

  /**
   * Runs `work` as {@link transaction} does — all of its writes or none, each event published once
   * written — but lets its writes wait to share a commit with the ones that follow: they are
   * written by the store's next write or read, or at the latest on the event loop's next turn
   * (`setImmediate`, before it waits for I/O). Its events get their seq at once, in order.
   * Inside a transaction it is a nested {@link transaction}.
   */
  transactionSoon<T>(work: () => T): T {
    if (this.unpublished) return this.transaction(work);
    const mark = this.pending.length;
    const before = this.seqs.open();
    this.deferring++;
    try {
      return work();
    } catch (error) {
      this.pending.length = mark;
      this.seqs.restore(before);
      throw error;
    } finally {
      this.seqs.close();
      this.deferring--;
      if (this.deferring === 0 && this.pending.length > 0 && !this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => {
          this.flushScheduled = false;
          this.flushWaiting();
        });
      }
    }
  }

  /** The provider shown in the sessions list, kept in step with `session.configured`. */
  updateProvider(id: string, provider: ProviderConfig): void {
    this.flushWaiting();
    this.prepare("UPDATE sessions SET provider = ? WHERE id = ?").run(
      JSON.stringify(this.redact(provider)),
      id,
    );
  }

  updateTitle(id: string, title: string): void {
    this.flushWaiting();
    this.prepare("UPDATE sessions SET title = ? WHERE id = ?").run(this.redact(title), id);
  }

  /** The event with its envelope, redacted and frozen, and its stored text; its seq taken. */
  private seal(sessionId: string, event: NewEvent, options: { at?: number }): SealedEvent {
    // Taken only once sealed: an event that cannot be sealed takes no seq.
    const sealed = sealEvent(this.redact, event, {
      seq: this.seqs.peek(sessionId),
      at: options.at ?? this.now(),
      sessionId,
    });
    this.seqs.take(sessionId);
    return sealed;
  }

  /** Writes a sealed event's row (and the session's run state, for a run event). */
  private write(sessionId: string, { event, body }: SealedEvent): void {
    this.prepare("INSERT INTO events (session_id, seq, at, kind, body) VALUES (?, ?, ?, ?, ?)").run(
      sessionId,
      event.seq,
      event.at,
      event.kind,
      body,
    );
    noteWrites(this.db);
    this.touched.add(sessionId);
    if (IS_RUN_KIND.has(event.kind)) this.updateRunState(sessionId, event);
  }

  /** Sets the event count of each session the transaction appended to (what a rollback left, too). */
  private updateCounts(): void {
    for (const sessionId of this.touched)
      this.prepare("UPDATE sessions SET event_count = ? WHERE id = ?").run(
        this.seqs.peek(sessionId),
        sessionId,
      );
  }

  /** An append inside {@link transactionSoon}'s work: sealed now, written later. */
  private defer(sessionId: string, event: NewEvent, options: { at?: number }): TraceEvent {
    const sealed = this.seal(sessionId, event, options);
    this.pending.push({ sessionId, ...sealed });
    return sealed.event;
  }

  /**
   * Writes the events {@link transactionSoon} left waiting (in the open transaction, as a
   * savepoint) and queues them for publishing. Where they cannot be written, the failure is
   * logged, not the caller's: they are dropped and their seqs given back (in `before` too, the
   * seqs a rollback restores), as a failed append's would be. Whether they were written.
   */
  private writeWaiting(rows: readonly PendingRow[], before: SeqJournal): boolean {
    if (rows.length === 0) return false;
    try {
      this.atomically(() => {
        for (const row of rows) this.write(row.sessionId, row);
      });
    } catch (error) {
      this.dropWaiting(rows, error, before);
      return false;
    }
    for (const row of rows) this.unpublished!.push(row.event);
    return true;
  }

  /** Logs why waiting events could not be written, drops them and gives their seqs back (in `before` too). */
  private dropWaiting(rows: readonly PendingRow[], error: unknown, before: SeqJournal): void {
    console.error("toolscope: writing events failed; they were dropped", error);
    for (const row of rows) this.seqs.giveBack(row.sessionId, row.event.seq, before);
  }

  /** Writes the waiting events in one commit and publishes them (before a read, and on the event loop's turn). */
  private flushWaiting(): void {
    if (this.pending.length === 0 || this.unpublished || this.deferring > 0 || !this.db.open) return;
    const rows = this.pending;
    this.pending = [];
    // The commit holds these rows and the counts only, so the rows need no savepoint of their own
    // (as `transaction` gives them): a row SQLite refuses takes the whole commit back, and they
    // are dropped as `writeWaiting` drops them. A commit refused after they were written leaves
    // them waiting for the next one, as `transaction` does.
    let written = false;
    try {
      this.atomically(() => {
        for (const row of rows) this.write(row.sessionId, row);
        written = true;
        this.updateCounts();
      });
    } catch (error) {
      if (written) {
        this.pending = rows;
        throw error;
      }
      this.dropWaiting(rows, error, new Map());
      return;
    } finally {
      this.touched.clear();
    }
    for (const row of rows) this.bus.publish(row.event);
  }

  /** Folds a run event into the session's stored run state (inside the append's transaction, if any). */
  private updateRunState(sessionId: string, event: TraceEvent): void {
    const stored = this.prepare("SELECT run_state FROM sessions WHERE id = ?", true).get(sessionId) as
      string | null | undefined;
    this.prepare("UPDATE sessions SET run_state = ? WHERE id = ?").run(
      foldRunState(stored, event),
      sessionId,
    );
  }
}

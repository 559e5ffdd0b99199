import "server-only";
import { freezeDeep } from "@/lib/protocol/json-value";
import type { ProviderConfig } from "@/lib/trace/config";
import type { EventKind, NewEvent, TraceEvent } from "@/lib/trace/events";
import { INITIAL_RUN_STATE, reduceRunState, type RunState } from "@/lib/trace/status";
import type { EventBus } from "./bus";
import { noteWrites } from "./checkpointer";
import { RUN_KINDS, type Db } from "./db";
import type { Statement } from "better-sqlite3";
import type { EventStore, NewSession, SessionPage, SessionRow, SessionSource } from "./event-store";
import type { Redactor } from "./redact";

export type { EventStore, NewSession, SessionPage, SessionRow, SessionSource } from "./event-store";

interface RawSession {
  id: string;
  title: string;
  created_at: number;
  parent_id: string | null;
  fork_seq: number | null;
  provider: string;
  event_count: number;
  source: string;
  run_state: string | null;
  client: string | null;
}

const IS_RUN_KIND: ReadonlySet<EventKind> = new Set(RUN_KINDS);

/**
 * The SQLite event store, one process on one file: sessions and their append-only event logs.
 * Every event is redacted, frozen and written before it is published; `seq` is dense from 0 per
 * session. A session row's title and provider are redacted too: the sessions list serves them.
 */
export class SqliteEventStore implements EventStore {
  /** One process per file: a run no live run of this process carries is dead. */
  readonly leases = null;
  private readonly nextSeq = new Map<string, number>();
  /** Events appended inside the open transaction, published once it commits (null outside one). */
  private unpublished: TraceEvent[] | null = null;
  /** Prepared statements by SQL (and pluck mode): preparing one costs more than running it. */
  private readonly statements = new Map<string, Statement>();

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly redact: Redactor,
    private readonly now: () => number = Date.now,
  ) {}

  createSession(row: NewSession): void {
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
    this.nextSeq.set(row.id, 0);
  }

  /**
   * Appends one event: redacts it, gives it its envelope, writes it, then publishes it. `at`
   * defaults to now; an import of an export passes the original times.
   */
  append(sessionId: string, event: NewEvent, options: { at?: number } = {}): TraceEvent {
    const seq = this.peekSeq(sessionId);
    const at = options.at ?? this.now();
    // Object.assign, not a spread with added keys: on Node 20 that spread is ~10× slower.
    const full = freezeDeep(this.redact(Object.assign({}, event, { seq, at, sessionId }) as TraceEvent));
    this.prepare("INSERT INTO events (session_id, seq, at, kind, body) VALUES (?, ?, ?, ?, ?)").run(
      sessionId,
      seq,
      full.at,
      full.kind,
      JSON.stringify(full),
    );
    this.nextSeq.set(sessionId, seq + 1);
    noteWrites(this.db);
    if (IS_RUN_KIND.has(full.kind)) this.updateRunState(sessionId, full);
    if (this.unpublished) this.unpublished.push(full);
    else this.bus.publish(full);
    return full;
  }

  /** Events with `seq > after`, in order; at most `limit` of them when given (a page). */
  events(sessionId: string, after = -1, limit?: number): TraceEvent[] {
    const rows = (
      limit === undefined
        ? this.prepare("SELECT body FROM events WHERE session_id = ? AND seq > ? ORDER BY seq", true).all(
            sessionId,
            after,
          )
        : this.prepare(
            "SELECT body FROM events WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            true,
          ).all(sessionId, after, limit)
    ) as string[];
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
    const rows = this.prepare(
      `SELECT body FROM events WHERE session_id = ? AND kind IN (${kinds.map(() => "?").join(", ")}) ORDER BY seq`,
      true,
    ).all(sessionId, ...kinds) as string[];
    return rows.map((body) => this.redact(JSON.parse(body) as TraceEvent));
  }

  /** The last event's seq, or -1 for a session without events. */
  lastSeq(sessionId: string): number {
    return this.peekSeq(sessionId) - 1;
  }

  getSession(id: string): SessionRow | null {
    const raw = this.prepare(`${SESSION_SELECT} WHERE s.id = ?`).get(id) as RawSession | undefined;
    return raw ? this.toRows([raw])[0]! : null;
  }

  /** Every session, newest first (tests and tools; pages use {@link pageSessions}). */
  listSessions(): SessionRow[] {
    const raws = this.prepare(`${SESSION_SELECT} ORDER BY s.created_at DESC, s.id`).all() as RawSession[];
    return this.toRows(raws);
  }

  /**
   * One page of sessions, newest first, in one query: `limit` rows after `cursor` (an opaque
   * string a previous page returned), of one `source` or all. Returns `null` for a cursor this
   * store never gave out.
   */
  pageSessions(options: { limit: number; cursor?: string; source?: SessionSource }): SessionPage | null {
    const after = options.cursor === undefined ? null : decodeCursor(options.cursor);
    if (options.cursor !== undefined && after === null) return null;
    const where: string[] = [];
    const values: (string | number)[] = [];
    if (after) {
      where.push("(s.created_at < ? OR (s.created_at = ? AND s.id > ?))");
      values.push(after.createdAt, after.createdAt, after.id);
    }
    if (options.source) {
      where.push("s.source = ?");
      values.push(options.source);
    }
    const sql = `${SESSION_SELECT}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY s.created_at DESC, s.id LIMIT ?`;
    const raws = this.prepare(sql).all(...values, options.limit + 1) as RawSession[];
    const sessions = this.toRows(raws.slice(0, options.limit));
    const last = sessions.at(-1);
    return raws.length > options.limit && last ? { sessions, nextCursor: encodeCursor(last) } : { sessions };
  }

  /** Deletes a session and its events; forks keep their own copies. Returns whether it existed. */
  deleteSession(id: string): boolean {
    const removed = this.db.transaction(() => {
      this.prepare("DELETE FROM events WHERE session_id = ?").run(id);
      return this.prepare("DELETE FROM sessions WHERE id = ?").run(id).changes > 0;
    })();
    this.nextSeq.delete(id);
    return removed;
  }

  /**
   * Runs `work` in one database transaction: all of its writes land, or none do. Its events are
   * published only once it commits, so a live stream never sees an event that a rollback takes
   * back (and whose seq the next event reuses).
   */
  transaction<T>(work: () => T): T {
    const before = new Map(this.nextSeq);
    const restoreSeqs = () => {
      this.nextSeq.clear();
      for (const [key, value] of before) this.nextSeq.set(key, value);
    };
    if (this.unpublished) {
      // A nested transaction is a savepoint: a failure caught by the outer one takes back its
      // events and their seqs only.
      const outer = this.unpublished;
      const kept = outer.length;
      try {
        return this.db.transaction(work)();
      } catch (error) {
        restoreSeqs();
        outer.length = kept;
        throw error;
      }
    }
    const unpublished: TraceEvent[] = [];
    this.unpublished = unpublished;
    let result: T;
    try {
      result = this.db.transaction(work)();
    } catch (error) {
      restoreSeqs();
      throw error;
    } finally {
      this.unpublished = null;
    }
    for (const event of unpublished) this.bus.publish(event);
    return result;
  }

  /** The provider shown in the sessions list, kept in step with `session.configured`. */
  updateProvider(id: string, provider: ProviderConfig): void {
    this.prepare("UPDATE sessions SET provider = ? WHERE id = ?").run(
      JSON.stringify(this.redact(provider)),
      id,
    );
  }

  updateTitle(id: string, title: string): void {
    this.prepare("UPDATE sessions SET title = ? WHERE id = ?").run(this.redact(title), id);
  }

  /** The statement for `sql`, prepared once per store. */
  private prepare(sql: string, pluck = false): Statement {
    const key = pluck ? `pluck:${sql}` : sql;
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (pluck) statement.pluck();
      this.statements.set(key, statement);
    }
    return statement;
  }

  private peekSeq(sessionId: string): number {
    const cached = this.nextSeq.get(sessionId);
    if (cached !== undefined) return cached;
    const max = this.prepare("SELECT MAX(seq) FROM events WHERE session_id = ?", true).get(sessionId) as
      number | null;
    return max === null ? 0 : max + 1;
  }

  /** Folds a run event into the session's stored run state (inside the append's transaction, if any). */
  private updateRunState(sessionId: string, event: TraceEvent): void {
    const stored = this.prepare("SELECT run_state FROM sessions WHERE id = ?", true).get(sessionId) as
      string | null | undefined;
    const before = stored ? (JSON.parse(stored) as RunState) : INITIAL_RUN_STATE;
    const after = reduceRunState(before, event);
    this.prepare("UPDATE sessions SET run_state = ? WHERE id = ?").run(JSON.stringify(after), sessionId);
  }

  /**
   * The rows as the API serves them, redacted on read (a key saved after a title was written is
   * not served). The redactor's screen reads the page's stored texts as one JSON text, so a page
   * with no secret in it — nearly every one — costs one scan instead of a walk of every value.
   */
  private toRows(raws: readonly RawSession[]): SessionRow[] {
    const screen = this.redact.mayRewriteJson;
    const texts = raws.map(
      (raw) => `${JSON.stringify(raw.title)},${raw.provider},${JSON.stringify(raw.client)}`,
    );
    const clean = screen !== undefined && !screen(`[${texts.join(",")}]`);
    const redact: Redactor = clean ? (value) => value : this.redact;
    return raws.map((raw) => toRow(raw, redact));
  }
}

function toRow(raw: RawSession, redact: Redactor): SessionRow {
  const status = raw.run_state ? (JSON.parse(raw.run_state) as RunState).status : "idle";
  return {
    id: raw.id,
    title: redact(raw.title),
    createdAt: raw.created_at,
    ...(raw.parent_id !== null ? { parentId: raw.parent_id } : {}),
    ...(raw.fork_seq !== null ? { forkSeq: raw.fork_seq } : {}),
    provider: redact(JSON.parse(raw.provider) as ProviderConfig),
    eventCount: raw.event_count,
    status,
    source: raw.source as SessionSource,
    ...(raw.client !== null ? { client: redact(raw.client) } : {}),
  };
}

// The event count is kept in the row by a trigger on every insert (lib/store/db.ts, the `event_count` migration).
const SESSION_SELECT = `SELECT s.id, s.title, s.created_at, s.parent_id, s.fork_seq, s.provider, s.source, s.run_state, s.client,
  s.event_count FROM sessions s`;

export function encodeCursor(row: SessionRow): string {
  return Buffer.from(JSON.stringify([row.createdAt, row.id])).toString("base64url");
}

export function decodeCursor(cursor: string): { createdAt: number; id: string } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    return typeof createdAt === "number" && Number.isSafeInteger(createdAt) && typeof id === "string"
      ? { createdAt, id }
      : null;
  } catch {
    return null;
  }
}

import "server-only";
import type { ProviderConfig } from "@/lib/trace/config";
import type { EventKind, NewEvent, TraceEvent } from "@/lib/trace/events";
import { deriveRunState, type SessionStatus } from "@/lib/trace/status";
import type { EventBus } from "./bus";
import type { Db } from "./db";
import type { Statement } from "better-sqlite3";
import type { Redactor } from "./redact";

export interface SessionRow {
  id: string;
  title: string;
  createdAt: number;
  parentId?: string;
  forkSeq?: number;
  provider: ProviderConfig;
  eventCount: number;
  status: SessionStatus;
}

interface RawSession {
  id: string;
  title: string;
  created_at: number;
  parent_id: string | null;
  fork_seq: number | null;
  provider: string;
  event_count: number;
}

const RUN_KINDS: EventKind[] = [
  "run.started",
  "run.resumed",
  "run.paused",
  "run.finished",
  "run.failed",
  "run.interrupted",
];

/**
 * Sessions and their append-only event logs. Every event is redacted, frozen and written
 * before it is published; `seq` is dense from 0 per session. A session row's title and provider
 * are redacted too: the sessions list serves them.
 */
export class EventStore {
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

  createSession(row: {
    id: string;
    title: string;
    provider: ProviderConfig;
    parentId?: string;
    forkSeq?: number;
  }): void {
    this.prepare(
      "INSERT INTO sessions (id, title, created_at, parent_id, fork_seq, provider) VALUES (?, ?, ?, ?, ?, ?)",
    ).run(
      row.id,
      this.redact(row.title),
      this.now(),
      row.parentId ?? null,
      row.forkSeq ?? null,
      JSON.stringify(this.redact(row.provider)),
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
    const full = deepFreeze(this.redact(Object.assign({}, event, { seq, at, sessionId }) as TraceEvent));
    this.prepare("INSERT INTO events (session_id, seq, at, kind, body) VALUES (?, ?, ?, ?, ?)").run(
      sessionId,
      seq,
      full.at,
      full.kind,
      JSON.stringify(full),
    );
    this.nextSeq.set(sessionId, seq + 1);
    if (this.unpublished) this.unpublished.push(full);
    else this.bus.publish(full);
    return full;
  }

  /** Events with `seq > after`, in order. */
  events(sessionId: string, after = -1): TraceEvent[] {
    const rows = this.prepare(
      "SELECT body FROM events WHERE session_id = ? AND seq > ? ORDER BY seq",
      true,
    ).all(sessionId, after) as string[];
    return rows.map((body) => JSON.parse(body) as TraceEvent);
  }

  /**
   * {@link events} as the API serves them: passed through the redactor once more, so a secret
   * configured after an event was written (a key saved in the settings page) is not served.
   */
  eventsForReading(sessionId: string, after = -1): TraceEvent[] {
    return this.events(sessionId, after).map((event) => this.redact(event));
  }

  getSession(id: string): SessionRow | null {
    const raw = this.prepare(`${SESSION_SELECT} WHERE s.id = ?`).get(id) as RawSession | undefined;
    return raw ? this.toRow(raw) : null;
  }

  listSessions(): SessionRow[] {
    const raws = this.prepare(`${SESSION_SELECT} ORDER BY s.created_at DESC, s.id`).all() as RawSession[];
    return raws.map((raw) => this.toRow(raw));
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
    if (this.unpublished) return this.db.transaction(work)();
    const before = new Map(this.nextSeq);
    const unpublished: TraceEvent[] = [];
    this.unpublished = unpublished;
    let result: T;
    try {
      result = this.db.transaction(work)();
    } catch (error) {
      this.nextSeq.clear();
      for (const [key, value] of before) this.nextSeq.set(key, value);
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

  private toRow(raw: RawSession): SessionRow {
    const placeholders = RUN_KINDS.map(() => "?").join(", ");
    const lastRunEvent = this.prepare(
      `SELECT body FROM events WHERE session_id = ? AND kind IN (${placeholders}) ORDER BY seq DESC LIMIT 1`,
      true,
    ).get(raw.id, ...RUN_KINDS) as string | undefined;
    const status = lastRunEvent ? deriveRunState([JSON.parse(lastRunEvent) as TraceEvent]).status : "idle";
    return {
      id: raw.id,
      title: this.redact(raw.title),
      createdAt: raw.created_at,
      ...(raw.parent_id !== null ? { parentId: raw.parent_id } : {}),
      ...(raw.fork_seq !== null ? { forkSeq: raw.fork_seq } : {}),
      provider: this.redact(JSON.parse(raw.provider) as ProviderConfig),
      eventCount: raw.event_count,
      status,
    };
  }
}

const SESSION_SELECT = `SELECT s.id, s.title, s.created_at, s.parent_id, s.fork_seq, s.provider,
  (SELECT COUNT(*) FROM events e WHERE e.session_id = s.id) AS event_count FROM sessions s`;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

import "server-only";
import crypto from "node:crypto";
import { freezeDeep } from "@/lib/protocol/json-value";
import type { ProviderConfig } from "@/lib/trace/config";
import type { EventKind, NewEvent, TraceEvent } from "@/lib/trace/events";
import { INITIAL_RUN_STATE, reduceRunState, type RunState } from "@/lib/trace/status";
import type { EventBus } from "@/lib/store/bus";
import { RUN_KINDS } from "@/lib/store/db";
import type { EventStore, NewSession, SessionPage, SessionRow, SessionSource } from "@/lib/store/event-store";
import type { Redactor } from "@/lib/store/redact";
import { decodeCursor, encodeCursor } from "@/lib/store/store";
import {
  DatabaseUnavailableError,
  PostgresBridge,
  type BridgeTimeouts,
  type Notification,
  type Query,
} from "./bridge";
import { PostgresRunLeases } from "./leases";
import { MESSAGES_CHANNEL, PostgresInstanceMessages } from "./messages";
import { migratePostgres } from "./schema";

/** The channel every instance announces its committed events on. */
export const EVENTS_CHANNEL = "toolscope_events";

const IS_RUN_KIND: ReadonlySet<EventKind> = new Set(RUN_KINDS);

const SESSION_SELECT = `SELECT s.id, s.title, s.created_at, s.parent_id, s.fork_seq, s.provider, s.source, s.run_state, s.client,
  COALESCE((SELECT MAX(seq) + 1 FROM events e WHERE e.session_id = s.id), 0) AS event_count FROM sessions s`;

type RawSession = [
  string,
  string,
  number,
  string | null,
  number | null,
  string,
  string,
  string | null,
  string | null,
  number,
];

/** What a committed append announces: who wrote which seqs of which session. */
interface Announcement {
  instance: string;
  sessionId: string;
  from: number;
  through: number;
}

interface OpenTransaction {
  /** Appended events, published once the transaction commits. */
  events: TraceEvent[];
  depth: number;
}

/**
 * The Postgres event store: the same contract as the SQLite one (event-store.ts), for several
 * instances on one database. Each append takes a per-session transaction lock
 * (`pg_advisory_xact_lock`) before it reads the last seq, so concurrent appenders from any number
 * of processes keep `seq` dense; the primary key (session_id, seq) refuses a duplicate whatever
 * happens. A commit NOTIFYs the seqs it wrote; every other instance reads them and publishes them
 * to its own bus, so its event streams see them live. Another instance's events reach the bus a
 * moment after they commit, so they may follow a newer event appended here: a reader that needs
 * seq order fills the gap from the log (lib/agent/event-stream.ts does).
 */
export class PostgresEventStore implements EventStore {
  /** Who this store is among the instances on the database (leases and announcements name it). */
  readonly instanceId = crypto.randomUUID();
  readonly leases: PostgresRunLeases;
  private readonly bridge: PostgresBridge;
  private readonly messages: PostgresInstanceMessages;
  private open: OpenTransaction | null = null;
  private closed = false;
  /** The highest seq this instance's bus has had, per session: where a catch-up reads from. */
  private readonly published = new Map<string, number>();
  /** Seqs a catch-up published, per session: their announcements, if they still come, are skipped. */
  private caughtUp = new Map<string, Set<number>>();

  constructor(
    url: string,
    private readonly bus: EventBus,
    private readonly redact: Redactor,
    private readonly now: () => number = Date.now,
    options: { timeouts?: Partial<BridgeTimeouts>; workerFile?: string } = {},
  ) {
    this.bridge = new PostgresBridge(
      url,
      {
        onNotification: (notification) => this.receive(notification),
        onListenRestored: () => this.catchUp(),
      },
      options.workerFile,
      options.timeouts,
    );
    migratePostgres(this.bridge);
    this.messages = new PostgresInstanceMessages(this.bridge, this.instanceId);
    this.bridge.listen(EVENTS_CHANNEL);
    this.bridge.listen(MESSAGES_CHANNEL);
    this.leases = new PostgresRunLeases(this.bridge, this.instanceId, this.messages);
  }

  close(): void {
    this.closed = true;
    this.messages.close();
    this.bridge.close();
  }

  createSession(row: NewSession): void {
    this.bridge.query(
      "INSERT INTO sessions (id, title, created_at, parent_id, fork_seq, provider, source, client) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
      [
        row.id,
        this.redact(row.title),
        this.now(),
        row.parentId ?? null,
        row.forkSeq ?? null,
        JSON.stringify(this.redact(row.provider)),
        row.source ?? "run",
        row.client === undefined ? null : this.redact(row.client),
      ],
    );
  }

  append(sessionId: string, event: NewEvent, options: { at?: number } = {}): TraceEvent {
    const outermost = this.open === null;
    try {
      const read = this.bridge.batch([
        ...(outermost ? [{ text: "BEGIN" }] : []),
        lockSession(sessionId),
        {
          text: "SELECT (SELECT MAX(seq) FROM events WHERE session_id = $1), (SELECT run_state FROM sessions WHERE id = $1)",
          values: [sessionId],
        },
      ]);
      const [max, runState] = read.at(-1)!.rows[0] as [number | null, string | null];
      const seq = max === null ? 0 : max + 1;
      const at = options.at ?? this.now();
      const full = freezeDeep(this.redact(Object.assign({}, event, { seq, at, sessionId }) as TraceEvent));
      const writes: Query[] = [
        {
          text: "INSERT INTO events (session_id, seq, at, kind, body) VALUES ($1, $2, $3, $4, $5)",
          values: [sessionId, seq, full.at, full.kind, JSON.stringify(full)],
        },
      ];
      if (IS_RUN_KIND.has(full.kind)) {
        const before = runState ? (JSON.parse(runState) as RunState) : INITIAL_RUN_STATE;
        writes.push({
          text: "UPDATE sessions SET run_state = $1 WHERE id = $2",
          values: [JSON.stringify(reduceRunState(before, full)), sessionId],
        });
      }
      if (outermost) writes.push(...announce(this.instanceId, [full]), { text: "COMMIT" });
      this.bridge.batch(writes);
      if (this.open) this.open.events.push(full);
      else this.publish(full);
      return full;
    } catch (error) {
      if (outermost) this.rollback(error);
      throw error;
    }
  }

  events(sessionId: string, after = -1, limit?: number): TraceEvent[] {
    return this.bodies(sessionId, after, limit).map((body) => JSON.parse(body) as TraceEvent);
  }

  eventsForReading(sessionId: string, after = -1, limit?: number): TraceEvent[] {
    return this.events(sessionId, after, limit).map((event) => this.redact(event));
  }

  eventTextsForReading(sessionId: string, page: { after: number; through: number; limit: number }): string[] {
    const rows = this.bridge.query(
      "SELECT body FROM events WHERE session_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT $4",
      [sessionId, page.after, page.through, page.limit],
    );
    const screen = this.redact.mayRewriteJson;
    return rows.map(([body]) => {
      const text = body as string;
      return screen && !screen(text) ? text : JSON.stringify(this.redact(JSON.parse(text) as TraceEvent));
    });
  }

  eventsOfKindsForReading(sessionId: string, kinds: readonly EventKind[]): TraceEvent[] {
    const rows = this.bridge.query(
      "SELECT body FROM events WHERE session_id = $1 AND kind = ANY($2::text[]) ORDER BY seq",
      [sessionId, kinds],
    );
    return rows.map(([body]) => this.redact(JSON.parse(body as string) as TraceEvent));
  }

  lastSeq(sessionId: string): number {
    const [[max]] = this.bridge.query("SELECT MAX(seq) FROM events WHERE session_id = $1", [sessionId]) as [
      [number | null],
    ];
    return max === null ? -1 : max;
  }

  getSession(id: string): SessionRow | null {
    const [raw] = this.bridge.query(`${SESSION_SELECT} WHERE s.id = $1`, [id]) as RawSession[];
    return raw ? this.toRow(raw) : null;
  }

  listSessions(): SessionRow[] {
    const raws = this.bridge.query(`${SESSION_SELECT} ORDER BY s.created_at DESC, s.id`) as RawSession[];
    return raws.map((raw) => this.toRow(raw));
  }

  pageSessions(options: { limit: number; cursor?: string; source?: SessionSource }): SessionPage | null {
    const after = options.cursor === undefined ? null : decodeCursor(options.cursor);
    if (options.cursor !== undefined && after === null) return null;
    const where: string[] = [];
    const values: (string | number)[] = [];
    if (after) {
      values.push(after.createdAt, after.id);
      where.push(`(s.created_at < $1 OR (s.created_at = $1 AND s.id > $2))`);
    }
    if (options.source) {
      values.push(options.source);
      where.push(`s.source = $${values.length}`);
    }
    values.push(options.limit + 1);
    const sql = `${SESSION_SELECT}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY s.created_at DESC, s.id LIMIT $${values.length}`;
    const raws = this.bridge.query(sql, values) as RawSession[];
    const sessions = raws.slice(0, options.limit).map((raw) => this.toRow(raw));
    const last = sessions.at(-1);
    return raws.length > options.limit && last ? { sessions, nextCursor: encodeCursor(last) } : { sessions };
  }

  deleteSession(id: string): boolean {
    return this.transaction(() => {
      const [, , removed] = this.bridge.batch([
        lockSession(id),
        { text: "DELETE FROM events WHERE session_id = $1", values: [id] },
        { text: "DELETE FROM sessions WHERE id = $1", values: [id] },
        { text: "DELETE FROM run_leases WHERE session_id = $1", values: [id] },
      ]);
      return removed!.rowCount > 0;
    });
  }

  transaction<T>(work: () => T): T {
    if (this.open) return this.nested(work);
    const open: OpenTransaction = { events: [], depth: 0 };
    this.open = open;
    let result: T;
    try {
      this.bridge.query("BEGIN");
      result = work();
      this.bridge.batch([...announce(this.instanceId, open.events), { text: "COMMIT" }]);
    } catch (error) {
      this.rollback(error);
      throw error;
    } finally {
      this.open = null;
    }
    for (const event of open.events) this.publish(event);
    return result;
  }

  updateProvider(id: string, provider: ProviderConfig): void {
    this.bridge.query("UPDATE sessions SET provider = $1 WHERE id = $2", [
      JSON.stringify(this.redact(provider)),
      id,
    ]);
  }

  updateTitle(id: string, title: string): void {
    this.bridge.query("UPDATE sessions SET title = $1 WHERE id = $2", [this.redact(title), id]);
  }

  /** A transaction inside the open one: a savepoint, as better-sqlite3 nests them. */
  private nested<T>(work: () => T): T {
    const open = this.open!;
    const name = `nested_${++open.depth}`;
    const kept = open.events.length;
    this.bridge.query(`SAVEPOINT ${name}`);
    try {
      const result = work();
      this.bridge.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      this.bridge.query(`ROLLBACK TO SAVEPOINT ${name}`);
      open.events.length = kept;
      throw error;
    } finally {
      open.depth--;
    }
  }

  /** Ends the open transaction after `cause`; one whose connection was reset is gone already. */
  private rollback(cause: unknown): void {
    if (cause instanceof DatabaseUnavailableError && cause.reset) return;
    try {
      this.bridge.query("ROLLBACK");
    } catch (error) {
      console.error("toolscope: a Postgres rollback failed", error);
    }
  }

  private bodies(sessionId: string, after: number, limit?: number): string[] {
    const rows =
      limit === undefined
        ? this.bridge.query("SELECT body FROM events WHERE session_id = $1 AND seq > $2 ORDER BY seq", [
            sessionId,
            after,
          ])
        : this.bridge.query(
            "SELECT body FROM events WHERE session_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
            [sessionId, after, limit],
          );
    return rows.map(([body]) => body as string);
  }

  /** Another instance's committed events: read them and publish them here. */
  private receive(notification: Notification): void {
    if (this.closed) return;
    if (notification.channel === MESSAGES_CHANNEL) {
      try {
        this.messages.receive(notification);
      } catch (error) {
        console.error("toolscope: could not read another instance's message", error);
      }
      return;
    }
    if (notification.channel !== EVENTS_CHANNEL) return;
    let announcement: Announcement;
    try {
      announcement = JSON.parse(notification.payload) as Announcement;
    } catch {
      return;
    }
    if (announcement.instance === this.instanceId) return;
    try {
      const { sessionId, from, through } = announcement;
      const skip = this.caughtUp.get(sessionId);
      for (const event of this.events(sessionId, from - 1, through - from + 1))
        if (!skip?.delete(event.seq)) this.publish(event, true);
    } catch (error) {
      console.error("toolscope: could not read another instance's events", error);
    }
  }

  /** Delivers a written event to this instance's bus and notes its seq. */
  private publish(event: TraceEvent, elsewhere = false): void {
    if (event.seq > (this.published.get(event.sessionId) ?? -1))
      this.published.set(event.sessionId, event.seq);
    this.bus.publish(event, { elsewhere });
  }

  /**
   * The listener is back after a lost connection: the announcements sent meanwhile are gone, so
   * every session this instance has published reads what was committed after it (another
   * instance's; this one's own were published as they committed) and the messages addressed here
   * are read. A stream that missed an event of a session not caught up here fills the gap from the
   * log at that session's next event (lib/agent/event-stream.ts).
   */
  private catchUp(): void {
    if (this.closed) return;
    const caughtUp = new Map<string, Set<number>>();
    try {
      for (const [sessionId, seq] of [...this.published]) {
        const seqs = new Set<number>();
        for (const event of this.events(sessionId, seq)) {
          seqs.add(event.seq);
          this.publish(event, true);
        }
        if (seqs.size > 0) caughtUp.set(sessionId, seqs);
      }
      this.messages.catchUp();
    } catch (error) {
      console.error("toolscope: could not read what was committed while the listener was away", error);
    }
    // Announcements older than this catch-up were lost with the connection; newer ones still come.
    this.caughtUp = caughtUp;
  }

  private toRow(raw: RawSession): SessionRow {
    const [id, title, createdAt, parentId, forkSeq, provider, source, runState, client, eventCount] = raw;
    const status = runState ? (JSON.parse(runState) as RunState).status : "idle";
    return {
      id,
      title: this.redact(title),
      createdAt,
      ...(parentId !== null ? { parentId } : {}),
      ...(forkSeq !== null ? { forkSeq } : {}),
      provider: this.redact(JSON.parse(provider) as ProviderConfig),
      eventCount,
      status,
      source: source as SessionSource,
      ...(client !== null ? { client: this.redact(client) } : {}),
    };
  }
}

/** The per-session lock an append holds until its transaction ends: appenders take turns. */
export function lockSession(sessionId: string): Query {
  return { text: "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", values: [sessionId] };
}

/** One NOTIFY per run of consecutive seqs of one session in `events` (delivered on commit). */
function announce(instance: string, events: readonly TraceEvent[]): Query[] {
  const ranges: Announcement[] = [];
  for (const event of events) {
    const last = ranges.at(-1);
    if (last && last.sessionId === event.sessionId && last.through === event.seq - 1)
      last.through = event.seq;
    else ranges.push({ instance, sessionId: event.sessionId, from: event.seq, through: event.seq });
  }
  return ranges.map((range) => ({
    text: "SELECT pg_notify($1, $2)",
    values: [EVENTS_CHANNEL, JSON.stringify(range)],
  }));
}

import type { ProviderConfig } from "@/lib/trace/config";
import type { EventKind, NewEvent, TraceEvent } from "@/lib/trace/events";
import type { SessionStatus } from "@/lib/trace/status";

export interface SessionRow {
  id: string;
  title: string;
  createdAt: number;
  parentId?: string;
  forkSeq?: number;
  provider: ProviderConfig;
  eventCount: number;
  status: SessionStatus;
  /** Where the session's events come from: a run of Toolscope's own loop, a capture, or an import. */
  source: SessionSource;
  /** A capture session's client, named from its `User-Agent` (`Claude Code`, `OpenAI SDK`…). */
  client?: string;
}

export type SessionSource = "run" | "capture" | "import";

/** One page of the sessions list, newest first; `nextCursor` when more remain. */
export interface SessionPage {
  sessions: SessionRow[];
  nextCursor?: string;
}

export interface NewSession {
  id: string;
  title: string;
  provider: ProviderConfig;
  parentId?: string;
  forkSeq?: number;
  source?: SessionSource;
  client?: string;
}

/**
 * Which instance carries each live run, on a database several instances share (Postgres). Times
 * are the database's clock, so instances on machines whose clocks differ agree on expiry.
 */
export interface RunLeases {
  /** This instance among the ones on the database. */
  readonly instanceId: string;
  /**
   * Takes the lease of the session's run for `runId` until `ttlMs` from now. False when another
   * instance holds a lease on the session that has not expired.
   */
  claim(sessionId: string, runId: string, ttlMs: number): boolean;
  /** Extends this instance's leases on these sessions to `ttlMs` from now. */
  renew(sessionIds: readonly string[], ttlMs: number): void;
  /** Gives up this instance's lease of the session's run. */
  release(sessionId: string, runId: string): void;
  /** Whether some instance holds a lease on the session that has not expired. */
  isHeld(sessionId: string): boolean;
  /** The instance holding a lease on the session that has not expired, or null. */
  holder(sessionId: string): string | null;
  /** Requests to other instances on the database, and this one's answers to theirs. */
  readonly messages: InstanceMessages;
  /** The sessions whose run state is running or paused while no lease on them is live. */
  orphans(): string[];
  /**
   * Holds the session's lock until the open transaction ends (appends take the same one), so a
   * check and the write it decides are one step among all the instances.
   */
  lockSession(sessionId: string): void;
}

/**
 * Requests between the instances on a shared database (a control of a run another instance
 * carries), each answered once by the instance it is sent to. Bodies are JSON values.
 */
export interface InstanceMessages {
  /**
   * Sends `body` to instance `to` and resolves with its answer; rejects, saying so, when none
   * comes within `timeoutMs` (the instance is gone or stuck) or the answerer failed.
   */
  ask(to: string, body: unknown, timeoutMs: number): Promise<unknown>;
  /** How this instance answers what others ask it (one answerer; a later call replaces it). */
  answer(answerer: (body: unknown) => Promise<unknown>): void;
}

/**
 * Sessions and their append-only event logs, on SQLite (store.ts) or Postgres (pg-store.ts).
 * Every call is synchronous. Every event is redacted, frozen and written before it is published;
 * `seq` is dense from 0 per session. A session row's title and provider are redacted too.
 */
export interface EventStore {
  /** The run leases of a shared database, or null where this process is the only one (SQLite). */
  readonly leases: RunLeases | null;
  createSession(row: NewSession): void;
  /**
   * Appends one event: redacts it, gives it its envelope, writes it, then publishes it. `at`
   * defaults to now; an import of an export passes the original times.
   */
  append(sessionId: string, event: NewEvent, options?: { at?: number }): TraceEvent;
  /** Events with `seq > after`, in order; at most `limit` of them when given (a page). */
  events(sessionId: string, after?: number, limit?: number): TraceEvent[];
  /** {@link events} passed through the redactor once more (a secret configured since is not served). */
  eventsForReading(sessionId: string, after?: number, limit?: number): TraceEvent[];
  /**
   * The stored JSON text of the events with `after < seq <= through`, in order, at most `limit`
   * of them, redacted on read; a text the redactor's screen says it would not change is sent as stored.
   */
  eventTextsForReading(sessionId: string, page: { after: number; through: number; limit: number }): string[];
  /** The events of the given kinds, in order, redacted on read. */
  eventsOfKindsForReading(sessionId: string, kinds: readonly EventKind[]): TraceEvent[];
  /** The last event's seq, or -1 for a session without events. */
  lastSeq(sessionId: string): number;
  getSession(id: string): SessionRow | null;
  /** Every session, newest first (tests and tools; pages use {@link pageSessions}). */
  listSessions(): SessionRow[];
  /**
   * One page of sessions, newest first: `limit` rows after `cursor` (an opaque string a previous
   * page returned), of one `source` or all. `null` for a cursor this store never gave out.
   */
  pageSessions(options: { limit: number; cursor?: string; source?: SessionSource }): SessionPage | null;
  /** Deletes a session and its events; forks keep their own copies. Returns whether it existed. */
  deleteSession(id: string): boolean;
  /**
   * Runs `work` in one database transaction: all of its writes land, or none do. Its events are
   * published only once it commits.
   */
  transaction<T>(work: () => T): T;
  /**
   * Optional (SQLite has it): {@link transaction}, all or nothing, but its writes may wait to
   * share the next commit — written by the store's next write or read, at the latest on the event
   * loop's next turn, and published once written. Its events get their seq at once. Where a store
   * lacks it, callers use {@link transaction}.
   */
  transactionSoon?<T>(work: () => T): T;
  /** The provider shown in the sessions list, kept in step with `session.configured`. */
  updateProvider(id: string, provider: ProviderConfig): void;
  updateTitle(id: string, title: string): void;
}

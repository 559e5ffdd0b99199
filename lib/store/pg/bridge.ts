import "server-only";
import path from "node:path";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";

/** One statement of a batch: a text with `$1…` placeholders and their values. */
export interface Query {
  text: string;
  values?: readonly unknown[];
}

/** A statement's rows, each an array of its columns in order. */
export interface QueryResult {
  rows: unknown[][];
  rowCount: number;
}

/** A notification on a channel the bridge listens to. */
export interface Notification {
  channel: string;
  payload: string;
}

/** What the bridge tells its owner as it happens. */
export interface BridgeListener {
  /** A notification on a channel the bridge listens to. */
  onNotification?: (notification: Notification) => void;
  /**
   * The listening connection was lost and is back, LISTENing again: notifications sent meanwhile
   * never came, so whatever they would have said is to be read from the database.
   */
  onListenRestored?: () => void;
}

/** A message of the worker's that is not a reply: a notification, or news of the listener. */
type WorkerNews = Notification | { listenError: string } | { listenRestored: true };

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string };
}

/** An error Postgres answered with; `code` is its SQLSTATE (`23505` a unique violation…). */
export class PostgresError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = "PostgresError";
  }
}

/**
 * How long the database may keep a call waiting. Postgres itself ends a statement that waits
 * `lockMs` for a lock (`lock_timeout`: an advisory lock another connection holds) or runs
 * `statementMs` (`statement_timeout`); the caller gives up after `waitMs` without any answer (a
 * server or network that does not reply at all), and the worker replaces its connection.
 */
export interface BridgeTimeouts {
  lockMs: number;
  statementMs: number;
  waitMs: number;
}

export const DEFAULT_TIMEOUTS: Readonly<BridgeTimeouts> = Object.freeze({
  lockMs: 3_000,
  statementMs: 10_000,
  waitMs: 15_000,
});

/** Migrations may wait for another instance's (under an advisory lock) and alter tables: longer. */
const MIGRATE_WAIT_MS = 60_000;

/** SQLSTATEs (and socket errors) that say the database cannot answer now, not that the call was wrong. */
const UNAVAILABLE_CODES = /^(08|53|57|58|55P03|40P01|ECONN|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH)/;

/**
 * The database did not answer in time or cannot be reached (a lock another connection holds, a
 * server that is down or does not reply). The message names the database, never its password;
 * the HTTP layer answers it with 503.
 */
export class DatabaseUnavailableError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** The connection was given up and replaced: whatever transaction it had open is gone with it. */
    readonly reset = false,
  ) {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

/** `host:port/database` of a Postgres URL (a socket directory for a `host=` parameter), no credentials. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    const host = parsed.searchParams.get("host") || parsed.hostname || "localhost";
    const port = parsed.port || "5432";
    return `${host}:${port}${parsed.pathname || "/"}`;
  } catch {
    return "(an unreadable URL)";
  }
}

/**
 * A synchronous client of Postgres: `pg` runs in a worker thread (worker.mjs) and the caller
 * waits for each batch with `Atomics.wait` on a shared flag, then takes the reply off the port
 * with `receiveMessageOnPort` (the technique of the `synckit` package). A local round trip is
 * a fraction of a millisecond. Notifications arrive asynchronously, through `onNotification`; a
 * lost listening connection is reopened by the worker, and `onListenRestored` says when it is back.
 * A call never blocks the thread longer than {@link BridgeTimeouts}' `waitMs`.
 */
export class PostgresBridge {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly done = new Int32Array(new SharedArrayBuffer(4));
  private readonly database: string;
  private readonly timeouts: BridgeTimeouts;
  private nextId = 1;
  private closed = false;

  constructor(
    url: string,
    { onNotification, onListenRestored }: BridgeListener,
    workerFile = defaultWorkerFile(),
    timeouts: Partial<BridgeTimeouts> = {},
  ) {
    this.database = describeDatabase(url);
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...timeouts };
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const { lockMs, statementMs } = this.timeouts;
    this.worker = new Worker(/* turbopackIgnore: true */ workerFile, {
      workerData: {
        url,
        port: port2,
        flag: this.done.buffer,
        lockMs,
        statementMs,
        connectMs: this.timeouts.waitMs,
      },
      transferList: [port2],
    });
    this.worker.on("message", (message: WorkerNews) => {
      if ("listenError" in message)
        console.error(
          `toolscope: the Postgres listener lost its connection to ${this.database} (${message.listenError}); reconnecting`,
        );
      else if ("listenRestored" in message) {
        console.error(`toolscope: the Postgres listener is connected to ${this.database} again`);
        onListenRestored?.();
      } else onNotification?.(message);
    });
    this.worker.on("error", (error) => console.error("toolscope: the Postgres worker failed", error));
    // The worker never keeps the process alive by itself.
    this.worker.unref();
  }

  /** Runs the statements in order on the one connection; throws the first error Postgres gives. */
  batch(queries: readonly Query[]): QueryResult[] {
    return this.call({ op: "batch", queries }) as QueryResult[];
  }

  /** One statement's rows. */
  query(text: string, values: readonly unknown[] = []): unknown[][] {
    return this.batch([{ text, values }])[0]!.rows;
  }

  /** Applies the migrations this database has not seen (migrations.mjs); returns its version. */
  migrate(): number {
    return this.call({ op: "migrate" }, MIGRATE_WAIT_MS) as number;
  }

  /** Starts forwarding the notifications on `channel` (a plain identifier). */
  listen(channel: string): void {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    this.call({ op: "listen", channel });
  }

  /** Closes both connections and the worker. */
  close(): void {
    if (this.closed) return;
    try {
      this.call({ op: "close" });
    } finally {
      this.closed = true;
      void this.worker.terminate();
    }
  }

  private call(message: { op: string } & Record<string, unknown>, waitMs = this.timeouts.waitMs): unknown {
    if (this.closed) throw new Error("the Postgres store is closed");
    const id = this.nextId++;
    this.port.postMessage({ ...message, id });
    const deadline = Date.now() + waitMs;
    for (;;) {
      // The worker posts its reply, then bumps the counter: a reply posted before `seen` was read
      // is on the port now, and one posted after wakes the wait.
      const seen = Atomics.load(this.done, 0);
      const received = receiveMessageOnPort(this.port) as { message: Reply } | undefined;
      if (received) {
        // A reply to an earlier call that timed out is dropped; wait on for this one's.
        if (received.message.id !== id) continue;
        const reply = received.message;
        if (reply.error) throw this.failure(reply.error);
        return reply.result;
      }
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(this.done, 0, seen, left) === "timed-out") {
        // The connection is stuck (or the server gone): the worker drops it and opens another for
        // the next call, ending the old one's session (and any lock it holds) if the server answers.
        this.port.postMessage({ op: "reset", id: this.nextId++ });
        throw new DatabaseUnavailableError(
          `The Postgres database at ${this.database} did not answer within ${waitMs / 1000} s; ` +
            "its connection was reset. Check that the server is up and reachable.",
          undefined,
          true,
        );
      }
    }
  }

  /** The error for a reply's: the database's own unavailability named as such. */
  private failure({ message, code }: { message: string; code?: string }): Error {
    if (code === "55P03")
      return new DatabaseUnavailableError(
        `The Postgres database at ${this.database} kept a lock waiting over ${this.timeouts.lockMs / 1000} s ` +
          `(another connection holds it): ${message}`,
        code,
      );
    if (code === "57014")
      return new DatabaseUnavailableError(
        `The Postgres database at ${this.database} ended a statement that ran over ${this.timeouts.statementMs / 1000} s: ${message}`,
        code,
      );
    if ((code && UNAVAILABLE_CODES.test(code)) || /Connection terminated|connect ECONN/i.test(message))
      return new DatabaseUnavailableError(
        `The Postgres database at ${this.database} cannot be reached: ${message}`,
        code,
      );
    return new PostgresError(message, code);
  }
}

/**
 * worker.mjs: `TOOLSCOPE_PG_WORKER` when set — scripts/server.mjs sets it to the app's own
 * (worker-path.mjs, from that module's URL, whatever directory the server was started from) —
 * else in the source tree under the working directory (tests and `next dev` run from the root).
 * A build does not bundle the worker; Turbopack must not trace this path.
 */
function defaultWorkerFile(): string {
  return (
    process.env.TOOLSCOPE_PG_WORKER ||
    path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "store", "pg", "worker.mjs")
  );
}

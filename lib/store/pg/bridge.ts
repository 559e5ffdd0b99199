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

/** How long one batch may take (a lock wait included) before the caller gives up on it. */
const BATCH_TIMEOUT_MS = 60_000;

/**
 * A synchronous client of Postgres: `pg` runs in a worker thread (worker.mjs) and the caller
 * waits for each batch with `Atomics.wait` on a shared flag, then takes the reply off the port
 * with `receiveMessageOnPort` (the technique of the `synckit` package). A local round trip is
 * a fraction of a millisecond. Notifications arrive asynchronously, through `onNotification`.
 */
export class PostgresBridge {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly done = new Int32Array(new SharedArrayBuffer(4));
  private nextId = 1;
  private closed = false;

  constructor(
    url: string,
    onNotification: (notification: Notification) => void,
    workerFile = defaultWorkerFile(),
  ) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(/* turbopackIgnore: true */ workerFile, {
      workerData: { url, port: port2, flag: this.done.buffer },
      transferList: [port2],
    });
    this.worker.on("message", (message: Notification | { listenError: string }) => {
      if ("listenError" in message)
        console.error(`toolscope: the Postgres listener failed: ${message.listenError}`);
      else onNotification(message);
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
    return this.call({ op: "migrate" }) as number;
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

  private call(message: { op: string } & Record<string, unknown>): unknown {
    if (this.closed) throw new Error("the Postgres store is closed");
    const id = this.nextId++;
    this.port.postMessage({ ...message, id });
    const deadline = Date.now() + BATCH_TIMEOUT_MS;
    for (;;) {
      // The worker posts its reply, then bumps the counter: a reply posted before `seen` was read
      // is on the port now, and one posted after wakes the wait.
      const seen = Atomics.load(this.done, 0);
      const received = receiveMessageOnPort(this.port) as { message: Reply } | undefined;
      if (received) {
        // A reply to an earlier call that timed out is dropped; wait on for this one's.
        if (received.message.id !== id) continue;
        const reply = received.message;
        if (reply.error) throw new PostgresError(reply.error.message, reply.error.code);
        return reply.result;
      }
      const left = deadline - Date.now();
      if (left <= 0 || Atomics.wait(this.done, 0, seen, left) === "timed-out")
        throw new Error(`Postgres did not answer within ${BATCH_TIMEOUT_MS / 1000} s`);
    }
  }
}

/** worker.mjs in the source tree: the server runs from the repository's root (scripts/start.mjs). */
function defaultWorkerFile(): string {
  return (
    process.env.TOOLSCOPE_PG_WORKER ||
    path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "store", "pg", "worker.mjs")
  );
}

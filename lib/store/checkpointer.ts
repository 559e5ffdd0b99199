import "server-only";
import { Worker } from "node:worker_threads";
import type { Db } from "./db";

/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the commit that
 * crosses its threshold (1,000 pages): it copies the log into the database file and syncs both,
 * a pause of several milliseconds every few hundred appends, which every live event queued behind
 * it waits out. Instead the app's connection has `wal_autocheckpoint = 0`, and a worker thread
 * with a connection of its own runs `PRAGMA wal_checkpoint(PASSIVE)` every {@link WRITES_PER_CHECKPOINT}
 * writes — a passive checkpoint never blocks the writer, which goes on committing meanwhile.
 *
 * The worker starts only once a database has seen {@link WRITES_PER_CHECKPOINT} writes (most
 * databases in tests never do), is `unref`'d, and ends with `db.close()`. Where it cannot start
 * (better-sqlite3 not found from the working directory, where the worker resolves it) or fails,
 * the connection goes back to SQLite's automatic checkpoint: slower, never unbounded.
 */
export const WRITES_PER_CHECKPOINT = 256;

/**
 * SQLite restarts the WAL only once a checkpoint has copied all of it, and a passive checkpoint
 * copies what was there when it began: under a steady stream of appends the log keeps growing.
 * When the worker finds it this long (64 MiB of 4 KiB pages), the app's connection copies the rest
 * itself (a pause of about one checkpoint, rare: every ~5,000 appends at the most), and the next
 * append restarts the log.
 */
export const MAX_WAL_FRAMES = 16_384;

/** The WAL file is truncated back to this size when SQLite restarts it after a full checkpoint. */
export const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require("better-sqlite3");
const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on("message", () => {
  let result = null;
  try {
    result = db.pragma("wal_checkpoint(PASSIVE)")[0];
  } catch (error) {
    result = { error: String(error && error.message || error) };
  }
  parentPort.postMessage(result);
});
parentPort.postMessage("ready");
`;

type State =
  | { kind: "idle" }
  | { kind: "running"; worker: Worker; busy: boolean }
  | { kind: "fallback" }
  | { kind: "stopped" };

/** One database's checkpointer: count its writes with {@link noteWrites}. */
export class WalCheckpointer {
  private state: State = { kind: "idle" };
  private writes = 0;
  /** Checkpoints the worker has finished (tests and benchmarks). */
  completed = 0;
  /** Checkpoints the app's connection ran itself, the WAL being {@link MAX_WAL_FRAMES} long. */
  inline = 0;
  /** The last checkpoint's answer: WAL frames in the log and frames copied into the database. */
  last: { busy: number; log: number; checkpointed: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly file: string,
  ) {
    db.pragma("wal_autocheckpoint = 0");
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  }

  /** Counts `count` written events (or rows); asks for a checkpoint every {@link WRITES_PER_CHECKPOINT}. */
  noteWrites(count = 1): void {
    this.writes += count;
    if (this.writes < WRITES_PER_CHECKPOINT) return;
    if (this.state.kind === "idle") this.start();
    this.request();
  }

  /** Asks the worker for a checkpoint if enough was written and it is not busy with one. */
  private request(): void {
    const state = this.state;
    if (state.kind !== "running" || state.busy || this.writes < WRITES_PER_CHECKPOINT) return;
    this.writes = 0;
    state.busy = true;
    state.worker.postMessage("checkpoint");
  }

  /** Ends the worker (the database is closing). */
  stop(): void {
    if (this.state.kind === "running") void this.state.worker.terminate();
    this.state = { kind: "stopped" };
  }

  /** Whether checkpoints run in the worker (false before the first, after a fallback or a stop). */
  get offThread(): boolean {
    return this.state.kind === "running";
  }

  private start(): void {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file } });
    } catch {
      this.fallBack();
      return;
    }
    worker.unref();
    const state: State = { kind: "running", worker, busy: true };
    this.state = state;
    worker.on("message", (message: unknown) => {
      if (message !== null && typeof message === "object" && "error" in message) {
        this.fallBack();
        return;
      }
      if (message !== "ready") {
        this.completed += 1;
        this.last = message as WalCheckpointer["last"];
        if (this.last && this.last.log >= MAX_WAL_FRAMES && this.db.open) {
          this.db.pragma("wal_checkpoint(PASSIVE)");
          this.inline += 1;
        }
      }
      state.busy = false;
      // What was written while it was starting or checkpointing.
      this.request();
    });
    worker.on("error", () => this.fallBack());
  }

  private fallBack(): void {
    if (this.state.kind === "running") void this.state.worker.terminate();
    if (this.state.kind === "stopped") return;
    this.state = { kind: "fallback" };
    if (this.db.open) this.db.pragma("wal_autocheckpoint = 1000");
  }
}

const checkpointers = new WeakMap<Db, WalCheckpointer>();

/** Gives `db` (a connection to `file`) a {@link WalCheckpointer}, stopped by `db.close()`. */
export function attachCheckpointer(db: Db, file: string): WalCheckpointer {
  const checkpointer = new WalCheckpointer(db, file);
  checkpointers.set(db, checkpointer);
  const close = db.close.bind(db);
  db.close = () => {
    checkpointer.stop();
    return close();
  };
  return checkpointer;
}

/** Counts writes on `db` for its checkpointer, if it has one. */
export function noteWrites(db: Db, count = 1): void {
  checkpointers.get(db)?.noteWrites(count);
}

/** `db`'s checkpointer, if {@link attachCheckpointer} gave it one. */
export function checkpointerOf(db: Db): WalCheckpointer | undefined {
  return checkpointers.get(db);
}

/**
 * WAL checkpoints run in a worker thread, never inside an append's commit: the app's connection
 * has SQLite's automatic checkpoint off, the worker copies the log into the database file every
 * few hundred writes, and a checkpointer that cannot start its worker falls back to SQLite's own.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EventBus } from "./bus";
import { checkpointerOf, WalCheckpointer, WRITES_PER_CHECKPOINT } from "./checkpointer";
import { openDatabase, type Db } from "./db";
import { createRedactor } from "./redact";
import { SqliteEventStore } from "./store";

let dir: string;
let db: Db;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-checkpoint-"));
  db = openDatabase(dir);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the WAL checkpointer", () => {
  it("turns SQLite's automatic checkpoint off and checkpoints the appended events in its worker", async () => {
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    const store = new SqliteEventStore(db, new EventBus(), createRedactor([]), () => 1000);
    store.createSession({ id: "s1", title: "One", provider: { kind: "offline" } });
    const checkpointer = checkpointerOf(db)!;
    for (let index = 0; index < WRITES_PER_CHECKPOINT - 1; index++)
      store.append("s1", { kind: "user.message", turn: 1, text: `message ${index}` });
    expect(checkpointer.offThread).toBe(false);
    store.append("s1", { kind: "user.message", turn: 1, text: "the one that starts the worker" });
    expect(checkpointer.offThread).toBe(true);
    for (let index = 0; index < 2 * WRITES_PER_CHECKPOINT; index++)
      store.append("s1", { kind: "user.message", turn: 1, text: `more ${index}` });
    await until(() => checkpointer.completed >= 1, "a checkpoint in the worker");
    // SQLite's own answer: the whole log (every append above) was copied into the database file.
    expect(checkpointer.last!.log).toBeGreaterThan(0);
    expect(checkpointer.last!.checkpointed).toBe(checkpointer.last!.log);
    expect(checkpointer.offThread).toBe(true);
    expect(db.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    expect(store.lastSeq("s1")).toBe(3 * WRITES_PER_CHECKPOINT - 1);
  });

  it("falls back to SQLite's automatic checkpoint when its worker fails", async () => {
    const other = new Database(":memory:");
    const checkpointer = new WalCheckpointer(other, path.join(dir, "no-such-file.sqlite"));
    expect(other.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    checkpointer.noteWrites(WRITES_PER_CHECKPOINT);
    await until(() => !checkpointer.offThread, "the worker's failure");
    expect(other.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    checkpointer.stop();
    other.close();
  });

  it("ends its worker when the database closes", () => {
    const checkpointer = checkpointerOf(db)!;
    checkpointer.noteWrites(WRITES_PER_CHECKPOINT);
    expect(checkpointer.offThread).toBe(true);
    db.close();
    expect(checkpointer.offThread).toBe(false);
    db = openDatabase(dir);
  });
});

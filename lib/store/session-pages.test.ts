import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { EventBus } from "./bus";
import { migrate } from "./db";
import { createRedactor } from "./redact";
import { SqliteEventStore, type EventStore } from "./store";
import { storeEngines } from "./testing/engines";

let store: EventStore;

function createSessions(count: number, source: "run" | "import" = "run"): void {
  for (let i = 0; i < count; i++)
    store.createSession({
      id: `${source}-${String(i).padStart(4, "0")}`,
      title: `S${i}`,
      provider: { kind: "offline" },
      source,
    });
}

describe.each(storeEngines())("pages of the sessions list on $name", (engine) => {
  beforeEach(async () => {
    await engine.fresh();
    let now = 1_000;
    // Two sessions share each creation time, so the cursor must break ties by id.
    store = engine.open(new EventBus(), createRedactor([]), () => Math.floor(now++ / 2));
  });
  afterAll(() => engine.dispose());

  it("walks every session once, newest first, with a cursor until the last page", () => {
    createSessions(250);
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = store.pageSessions({ limit: 100, ...(cursor ? { cursor } : {}) });
      if (!page) throw new Error("a cursor the store gave out was refused");
      sizes.push(page.sessions.length);
      seen.push(...page.sessions.map((s) => s.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([100, 100, 50]);
    expect(seen).toEqual(store.listSessions().map((s) => s.id));
    expect(new Set(seen).size).toBe(250);
  });

  it("gives no cursor when the page holds the rest exactly", () => {
    createSessions(3);
    expect(store.pageSessions({ limit: 3 })).toEqual({ sessions: expect.any(Array) });
  });

  it("filters by source, and refuses a cursor it never gave out", () => {
    createSessions(2, "run");
    createSessions(3, "import");
    expect(store.pageSessions({ limit: 10, source: "import" })?.sessions.map((s) => s.source)).toEqual([
      "import",
      "import",
      "import",
    ]);
    expect(store.pageSessions({ limit: 10, cursor: "not-a-cursor" })).toBeNull();
    expect(store.pageSessions({ limit: 10, cursor: Buffer.from("[1,2]").toString("base64url") })).toBeNull();
  });

  it("keeps a session paused while parallel calls still wait after one resume", () => {
    createSessions(1);
    const id = "run-0000";
    store.append(id, { kind: "run.started", runId: "r1", trigger: "message" });
    for (const callId of ["a", "b"])
      store.append(id, {
        kind: "run.paused",
        runId: "r1",
        reason: "breakpoint",
        point: "beforeExecute",
        callId,
      });
    store.append(id, {
      kind: "run.resumed",
      runId: "r1",
      reason: "breakpoint",
      point: "beforeExecute",
      callId: "a",
    });
    expect(store.getSession(id)).toMatchObject({ status: "paused", eventCount: 4 });
    store.append(id, {
      kind: "run.resumed",
      runId: "r1",
      reason: "breakpoint",
      point: "beforeExecute",
      callId: "b",
    });
    expect(store.getSession(id)?.status).toBe("running");
  });

  it("keeps each row's event count with its log: appends, a rolled-back transaction, a second session", () => {
    createSessions(2);
    const [a, b] = ["run-0000", "run-0001"];
    for (let i = 0; i < 3; i++) store.append(a, { kind: "run.started", runId: `r${i}`, trigger: "message" });
    expect(() =>
      store.transaction(() => {
        store.append(a, { kind: "run.started", runId: "rolled-back", trigger: "message" });
        throw new Error("take it back");
      }),
    ).toThrow("take it back");
    store.append(b, { kind: "run.started", runId: "b0", trigger: "message" });
    expect(store.getSession(a)?.eventCount).toBe(3);
    expect(store.pageSessions({ limit: 10 })?.sessions.map((s) => [s.id, s.eventCount])).toEqual([
      [a, 3],
      [b, 1],
    ]);
    store.append(a, { kind: "run.started", runId: "r3", trigger: "message" });
    expect(store.getSession(a)?.eventCount).toBe(4);
    expect(store.events(a).map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  });
});

describe("the SQLite file's migrations", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-pages-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("backfills the run state of a database written before the column existed", () => {
    const file = path.join(dir, "old.sqlite");
    const old = new Database(file);
    old.exec(`CREATE TABLE sessions (id TEXT PRIMARY KEY, title TEXT NOT NULL, created_at INTEGER NOT NULL,
      parent_id TEXT, fork_seq INTEGER, provider TEXT NOT NULL);
      CREATE TABLE events (session_id TEXT NOT NULL, seq INTEGER NOT NULL, at INTEGER NOT NULL, kind TEXT NOT NULL,
      body TEXT NOT NULL, PRIMARY KEY (session_id, seq)) WITHOUT ROWID;
      CREATE INDEX events_by_kind ON events (session_id, kind, seq);`);
    old.pragma("user_version = 1");
    old.prepare("INSERT INTO sessions VALUES ('s1', 'Old', 1, NULL, NULL, '{\"kind\":\"offline\"}')").run();
    const insert = old.prepare("INSERT INTO events VALUES ('s1', ?, ?, ?, ?)");
    insert.run(
      0,
      1,
      "run.started",
      JSON.stringify({
        seq: 0,
        at: 1,
        sessionId: "s1",
        kind: "run.started",
        runId: "r1",
        trigger: "message",
      }),
    );
    insert.run(
      1,
      2,
      "run.finished",
      JSON.stringify({
        seq: 1,
        at: 2,
        sessionId: "s1",
        kind: "run.finished",
        runId: "r1",
        reason: "end_turn",
        syntheticResults: [],
      }),
    );
    expect(migrate(old)).toBe(6);
    const migrated = new SqliteEventStore(old, new EventBus(), createRedactor([]));
    expect(migrated.getSession("s1")).toMatchObject({ status: "finished", eventCount: 2, source: "run" });
    old.close();
  });
});

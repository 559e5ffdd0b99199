import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { EventBus } from "./bus";
import { migrate, openDatabase } from "./db";
import type { EventStore } from "./event-store";
import { createRedactor, REDACTED } from "./redact";
import { SqliteEventStore } from "./store";
import { storeEngines } from "./testing/engines";

const SECRET = "sk-ant-api03-abcdefghijklmnop";

describe.each(storeEngines())("the event store on $name", (engine) => {
  let bus: EventBus;
  let store: EventStore;

  beforeEach(async () => {
    await engine.fresh();
    bus = new EventBus();
    let now = 5000;
    store = engine.open(bus, createRedactor(["launch-token-123456"]), () => now++);
    store.createSession({ id: "s1", title: "One", provider: { kind: "offline" } });
  });
  afterAll(() => engine.dispose());

  it("gives dense seqs from 0, writes before it publishes, and freezes events", () => {
    const seen: [number, number][] = [];
    bus.subscribe("s1", (event) => seen.push([event.seq, store.events("s1").length]));
    const a = store.append("s1", { kind: "user.message", turn: 1, text: "hi" });
    const b = store.append("s1", { kind: "run.started", runId: "r1", trigger: "message" });
    expect([a.seq, b.seq]).toEqual([0, 1]);
    expect(seen).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(Object.isFrozen(a)).toBe(true);
    expect(store.events("s1", 0)).toEqual([b]);
    expect(store.lastSeq("s1")).toBe(1);
    expect(store.lastSeq("nobody")).toBe(-1);
  });

  it("redacts secrets in every string before writing", async () => {
    const event = store.append("s1", {
      kind: "user.message",
      turn: 1,
      text: `key ${SECRET} and launch-token-123456`,
    });
    store.updateTitle("s1", `title ${SECRET}`);
    expect(event.kind === "user.message" && event.text).toBe(`key ${REDACTED} and ${REDACTED}`);
    const stored = await engine.dump();
    expect(stored).toContain(REDACTED);
    expect(stored.includes(SECRET)).toBe(false);
  });

  it("survives a reopen: same events, and the next seq continues", () => {
    store.append("s1", { kind: "user.message", turn: 1, text: "one" });
    const reopened = engine.open(bus, createRedactor([]));
    expect(reopened.append("s1", { kind: "user.message", turn: 2, text: "two" }).seq).toBe(1);
    expect(reopened.events("s1").map((e: TraceEvent) => e.seq)).toEqual([0, 1]);
    expect(reopened.getSession("s1")).toMatchObject({ id: "s1", eventCount: 2 });
  });

  it("lists sessions with event counts and a status derived from the last run event", () => {
    store.append("s1", { kind: "run.started", runId: "r1", trigger: "message" });
    expect(store.getSession("s1")).toMatchObject({
      id: "s1",
      title: "One",
      eventCount: 1,
      status: "running",
    });
    store.append("s1", { kind: "run.finished", runId: "r1", reason: "end_turn", syntheticResults: [] });
    store.createSession({
      id: "s2",
      title: "Two",
      provider: { kind: "offline" },
      source: "capture",
      client: "curl",
    });
    expect(store.listSessions().map((s) => [s.id, s.status, s.eventCount, s.source])).toEqual([
      ["s2", "idle", 0, "capture"],
      ["s1", "finished", 2, "run"],
    ]);
    expect(store.getSession("s2")).toMatchObject({ client: "curl" });
    expect(store.getSession("nobody")).toBeNull();
  });

  it("keeps a fork's parent and seq, and the provider and title it is given later", () => {
    store.createSession({
      id: "f1",
      title: "Fork",
      provider: { kind: "offline" },
      parentId: "s1",
      forkSeq: 3,
    });
    store.updateProvider("f1", { kind: "anthropic", model: "claude-x", apiKey: SECRET } as never);
    store.updateTitle("f1", "Renamed");
    const fork = store.getSession("f1")!;
    expect(fork).toMatchObject({ parentId: "s1", forkSeq: 3, title: "Renamed" });
    expect(JSON.stringify(fork.provider)).not.toContain(SECRET);
    expect(store.getSession("s1")).not.toHaveProperty("parentId");
  });

  it("reads pages, ranges and kinds of a log", () => {
    for (let turn = 1; turn <= 5; turn++)
      store.append("s1", { kind: "user.message", turn, text: `m${turn}` });
    store.append("s1", { kind: "run.started", runId: "r1", trigger: "message" });
    expect(store.events("s1", 1, 2).map((e) => e.seq)).toEqual([2, 3]);
    expect(store.eventsForReading("s1", 3).map((e) => e.seq)).toEqual([4, 5]);
    const texts = store.eventTextsForReading("s1", { after: 0, through: 3, limit: 10 });
    expect(texts.map((text) => (JSON.parse(text) as TraceEvent).seq)).toEqual([1, 2, 3]);
    expect(store.eventsOfKindsForReading("s1", ["run.started", "run.finished"]).map((e) => e.seq)).toEqual([
      5,
    ]);
  });

  it("rolls back a failed transaction completely, seq included", () => {
    expect(() =>
      store.transaction(() => {
        store.createSession({ id: "s3", title: "Three", provider: { kind: "offline" } });
        store.append("s1", { kind: "user.message", turn: 1, text: "lost" });
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(store.getSession("s3")).toBeNull();
    expect(store.events("s1")).toEqual([]);
    expect(store.append("s1", { kind: "user.message", turn: 1, text: "kept" }).seq).toBe(0);
  });

  it("keeps the outer transaction when a nested one fails and is caught", () => {
    store.transaction(() => {
      store.append("s1", { kind: "user.message", turn: 1, text: "outer" });
      expect(() =>
        store.transaction(() => {
          store.append("s1", { kind: "user.message", turn: 1, text: "inner" });
          throw new Error("inner boom");
        }),
      ).toThrow("inner boom");
      store.append("s1", { kind: "user.message", turn: 2, text: "after" });
    });
    expect(
      store.events("s1").map((e) => (e.kind === "user.message" ? `${e.seq} ${e.text}` : e.kind)),
    ).toEqual(["0 outer", "1 after"]);
  });

  it("deletes a session and its events", () => {
    store.append("s1", { kind: "user.message", turn: 1, text: "x" });
    expect(store.deleteSession("s1")).toBe(true);
    expect(store.deleteSession("s1")).toBe(false);
    expect(store.events("s1")).toEqual([]);
    expect(store.getSession("s1")).toBeNull();
  });
});

describe("the SQLite file", () => {
  it("is in WAL mode and at the last migration after a reopen", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-store-"));
    try {
      const db = openDatabase(dir);
      new SqliteEventStore(db, new EventBus(), createRedactor([])).createSession({
        id: "s1",
        title: "One",
        provider: { kind: "offline" },
      });
      db.close();
      const reopened = openDatabase(dir);
      expect(reopened.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(migrate(reopened)).toBe(6);
      reopened.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

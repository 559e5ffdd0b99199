import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { EventBus } from "./bus";
import { migrate, openDatabase, type Db } from "./db";
import { createRedactor, REDACTED } from "./redact";
import { EventStore } from "./store";

let dir: string;
let db: Db;
let bus: EventBus;
let store: EventStore;
const SECRET = "sk-ant-api03-abcdefghijklmnop";

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-store-"));
  db = openDatabase(dir);
  bus = new EventBus();
  let now = 5000;
  store = new EventStore(db, bus, createRedactor(["launch-token-123456"]), () => now++);
  store.createSession({ id: "s1", title: "One", provider: { kind: "offline" } });
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the event store", () => {
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
  });

  it("redacts secrets in every string before writing", () => {
    const event = store.append("s1", {
      kind: "user.message",
      turn: 1,
      text: `key ${SECRET} and launch-token-123456`,
    });
    expect(event.kind === "user.message" && event.text).toBe(`key ${REDACTED} and ${REDACTED}`);
    expect(fs.readFileSync(path.join(dir, "toolscope.sqlite")).includes(Buffer.from(SECRET))).toBe(false);
  });

  it("survives a reopen: same events, next seq continues, WAL on", () => {
    store.append("s1", { kind: "user.message", turn: 1, text: "one" });
    db.close();
    db = openDatabase(dir);
    const reopened = new EventStore(db, bus, createRedactor([]));
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(reopened.append("s1", { kind: "user.message", turn: 2, text: "two" }).seq).toBe(1);
    expect(reopened.events("s1").map((e: TraceEvent) => e.seq)).toEqual([0, 1]);
    expect(migrate(db)).toBe(5);
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
    store.createSession({ id: "s2", title: "Two", provider: { kind: "offline" } });
    expect(store.listSessions().map((s) => [s.id, s.status, s.eventCount])).toEqual([
      ["s2", "idle", 0],
      ["s1", "finished", 2],
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

  it("deletes a session and its events", () => {
    store.append("s1", { kind: "user.message", turn: 1, text: "x" });
    expect(store.deleteSession("s1")).toBe(true);
    expect(store.deleteSession("s1")).toBe(false);
    expect(store.events("s1")).toEqual([]);
    expect(store.getSession("s1")).toBeNull();
  });
});

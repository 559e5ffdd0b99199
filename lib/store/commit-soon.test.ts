/**
 * The SQLite store's per-event cost: an event the redactor's screen clears is written without a
 * walk of its strings; `transactionSoon` lets a quick call's events wait to share the next commit
 * (seq given at once, published only once written, read by anyone who asks); the event count is
 * kept by one UPDATE per transaction instead of a per-row trigger. Postgres has no
 * `transactionSoon` (callers use `transaction`), so these cases are SQLite's.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { EventBus } from "./bus";
import { openDatabase, type Db } from "./db";
import { createRedactor, REDACTED, type Redactor } from "./redact";
import { SqliteEventStore } from "./store";

const KEY = "configured-provider-key-0123456789";
const say = (text: string): NewEvent => ({ kind: "user.message", turn: 1, text });
const texts = (events: readonly TraceEvent[]) =>
  events.map((e) => (e.kind === "user.message" ? e.text : e.kind));
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

let dir: string;
let db: Db;
let bus: EventBus;
let seen: string[];
let walks: number;

function open(redact: Redactor = createRedactor([KEY])): SqliteEventStore {
  // Counts the walks of the redactor (its screen is kept as it is).
  const counted = Object.assign(
    <T>(value: T) => {
      walks++;
      return redact(value);
    },
    redact.mayRewriteJson ? { mayRewriteJson: redact.mayRewriteJson } : {},
  ) as Redactor;
  const store = new SqliteEventStore(db, bus, counted, () => 1000);
  store.createSession({ id: "s1", title: "One", provider: { kind: "offline" } });
  walks = 0;
  return store;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-soon-"));
  db = openDatabase(dir);
  bus = new EventBus();
  seen = [];
  bus.subscribe("s1", (event) => seen.push(`${event.seq} ${texts([event])[0]}`));
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("appending through the redactor's screen", () => {
  it("writes an event without a secret with no walk of its strings, as a copy of the caller's objects", () => {
    const store = open();
    const schedule = [["c1", "c2"]];
    const event = store.append("s1", {
      kind: "batch.planned",
      turn: 1,
      callIds: ["c1", "c2"],
      policy: "independent",
      schedule,
    });
    expect(walks).toBe(0);
    expect(Object.isFrozen(event)).toBe(true);
    expect(Object.isFrozen(schedule)).toBe(false);
    expect(store.events("s1")).toEqual([event]);
  });

  it("still redacts an event with a secret, and the stored text is the redacted one", () => {
    const store = open();
    const event = store.append("s1", say(`my key is ${KEY}`));
    expect(walks).toBe(1);
    expect(event).toMatchObject({ text: `my key is ${REDACTED}` });
    expect(store.events("s1")).toEqual([event]);
    expect(db.prepare("SELECT body FROM events").pluck().get()).not.toContain(KEY);
  });

  it("walks every event with a redactor that has no screen (a session's own patterns)", () => {
    const store = open(createRedactor([], [/secret/g]));
    store.append("s1", say("nothing here"));
    expect(walks).toBe(1);
  });
});

describe("transactionSoon", () => {
  it("gives seqs at once and publishes nothing until the event loop's next turn writes it all in one commit", async () => {
    const store = open();
    const events = store.transactionSoon(() => [store.append("s1", say("a")), store.append("s1", say("b"))]);
    store.transactionSoon(() => store.append("s1", say("c")));
    expect(events.map((e) => e.seq)).toEqual([0, 1]);
    expect(db.prepare("SELECT COUNT(*) FROM events").pluck().get()).toBe(0);
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen).toEqual(["0 a", "1 b", "2 c"]);
    expect(db.prepare("SELECT COUNT(*) FROM events").pluck().get()).toBe(3);
    expect(store.getSession("s1")?.eventCount).toBe(3);
  });

  it("writes what waits first, in the same commit, when an append or a transaction comes before that turn", () => {
    const store = open();
    store.transactionSoon(() => store.append("s1", say("waits")));
    store.append("s1", say("now"));
    expect(seen).toEqual(["0 waits", "1 now"]);
    store.transactionSoon(() => store.append("s1", say("waits again")));
    store.transaction(() => store.append("s1", say("in a transaction")));
    expect(seen.slice(2)).toEqual(["2 waits again", "3 in a transaction"]);
  });

  it("is read by anyone who asks before it is written", () => {
    const store = open();
    store.transactionSoon(() => store.append("s1", say("a")));
    expect(texts(store.events("s1"))).toEqual(["a"]);
    expect(seen).toEqual(["0 a"]);
    store.transactionSoon(() => store.append("s1", say("b")));
    expect(store.getSession("s1")?.eventCount).toBe(2);
  });

  it("takes back a failed work's events and their seqs, keeping what waited before it", async () => {
    const store = open();
    store.transactionSoon(() => store.append("s1", say("kept")));
    expect(() =>
      store.transactionSoon(() => {
        store.append("s1", say("taken back"));
        throw new Error("boom");
      }),
    ).toThrow("boom");
    // A nested transaction inside the work is part of it.
    store.transactionSoon(() => {
      store.append("s1", say("outer"));
      expect(() =>
        store.transaction(() => {
          store.append("s1", say("inner, taken back"));
          throw new Error("inner");
        }),
      ).toThrow("inner");
    });
    await nextTurn();
    expect(texts(store.events("s1"))).toEqual(["kept", "outer"]);
    expect(store.events("s1").map((e) => e.seq)).toEqual([0, 1]);
    expect(seen).toEqual(["0 kept", "1 outer"]);
  });

  it("is a nested transaction inside a transaction: written and published with it", () => {
    const store = open();
    store.transaction(() => {
      store.append("s1", say("a"));
      store.transactionSoon(() => store.append("s1", say("b")));
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(["0 a", "1 b"]);
  });

  it("puts what waited back when the transaction that wrote it rolls back", async () => {
    const store = open();
    store.transactionSoon(() => store.append("s1", say("waits")));
    expect(() =>
      store.transaction(() => {
        store.append("s1", say("rolled back"));
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen).toEqual(["0 waits"]);
    store.append("s1", say("next"));
    expect(store.events("s1").map((e) => `${e.seq} ${texts([e])[0]}`)).toEqual(["0 waits", "1 next"]);
  });
});

describe("the event count", () => {
  it("is kept without a trigger, one UPDATE per transaction, through rollbacks", () => {
    const store = open();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").all()).toEqual([]);
    store.append("s1", say("a"));
    store.transaction(() => {
      store.append("s1", say("b"));
      try {
        store.transaction(() => {
          store.append("s1", say("rolled back"));
          throw new Error("inner");
        });
      } catch {
        // The outer transaction goes on.
      }
      store.append("s1", say("c"));
    });
    expect(store.getSession("s1")?.eventCount).toBe(3);
    expect(store.events("s1").map((e) => e.seq)).toEqual([0, 1, 2]);
  });
});

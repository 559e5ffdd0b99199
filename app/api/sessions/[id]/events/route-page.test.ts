/**
 * `GET /api/sessions/:id/events?after=&limit=&through=`: a JSON page of the log by seq (the
 * stream without `limit`). Pages walked with `nextAfter` give back every event exactly as the
 * parsed, redacted log; `through` bounds a window; `bodies=shared` pages read back as the same
 * log; malformed parameters name themselves.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Value } from "@sinclair/typebox/value";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSession } from "@/lib/agent/sessions";
import { createTestRuntime, openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import { EventPage } from "@/lib/contract/events";
import { setRuntime } from "@/lib/server/runtime";
import { expandRequestBodies } from "@/lib/trace/shared-bodies";
import { GET } from "./route";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-event-page-");
  setRuntime(test.runtime);
});
afterEach(() => {
  setRuntime(undefined);
  test.close();
});

async function page(id: string, query: string) {
  const response = await GET(new Request(`http://127.0.0.1/api/sessions/${id}/events?${query}`), {
    params: Promise.resolve({ id }),
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    body: (await response.json()) as EventPage & { error?: string; path?: string },
  };
}

function grow(id: string, total: number) {
  test.runtime.store.transaction(() => {
    for (let turn = 1; test.runtime.store.lastSeq(id) < total - 1; turn++)
      test.runtime.store.append(id, { kind: "user.message", turn, text: `message ${turn} "quoted" \\ \n` });
  });
}

describe("GET /api/sessions/:id/events?limit=", () => {
  it("walks a long log a page at a time: every event once, in order, as the parsed log", async () => {
    const id = test.create({ kind: "offline" });
    grow(id, 2_500);
    const seen: unknown[] = [];
    const nexts: (number | undefined)[] = [];
    let after = -1;
    for (;;) {
      const answer = await page(id, `after=${after}&limit=1000`);
      expect(answer.status).toBe(200);
      expect(answer.type).toContain("application/json");
      expect(Value.Check(EventPage, answer.body)).toBe(true);
      expect(answer.body.lastSeq).toBe(2_499);
      seen.push(...answer.body.events);
      nexts.push(answer.body.nextAfter);
      if (answer.body.nextAfter === undefined) break;
      after = answer.body.nextAfter;
    }
    expect(nexts).toEqual([999, 1_999, undefined]);
    expect(seen).toEqual(JSON.parse(JSON.stringify(test.runtime.store.eventsForReading(id))));
  });

  it("answers a window below `through`, and an empty page past the end", async () => {
    const id = test.create({ kind: "offline" });
    grow(id, 300);
    const window = await page(id, "after=99&limit=50&through=120");
    expect(window.body.events.map((event) => event.seq)).toEqual(
      Array.from({ length: 21 }, (_, i) => 100 + i),
    );
    expect(window.body.nextAfter).toBeUndefined();
    const cut = await page(id, "after=99&limit=10&through=120");
    expect(cut.body.events.map((event) => event.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 100 + i));
    expect(cut.body.nextAfter).toBe(109);
    const past = await page(id, "after=299&limit=10");
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ lastSeq: 299, events: [] });
  });

  it("redacts on read a key saved after the event was written", async () => {
    const keys: { anthropic?: string } = {};
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-event-page-key-"));
    const runtime = createTestRuntime({ dataDir, keys });
    setRuntime(runtime);
    try {
      const created = createSession(runtime, {});
      if (!created.ok) throw new Error(created.problem.error);
      const id = created.value.id;
      runtime.store.append(id, {
        kind: "user.message",
        turn: 1,
        text: "my key is later-saved-key-0123456789",
      });
      expect(JSON.stringify((await page(id, "limit=10")).body)).toContain("later-saved-key-0123456789");
      keys.anthropic = "later-saved-key-0123456789";
      const answer = await page(id, "limit=10");
      expect(JSON.stringify(answer.body)).not.toContain("later-saved-key-0123456789");
      expect(JSON.stringify(answer.body)).toContain("[REDACTED]");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("shares request bodies within a page with bodies=shared: read back, every page is the parsed log", async () => {
    const id = test.create({ kind: "offline" });
    for (const text of ["Read notes.txt", "What is 12 * 7?", "Read notes.txt again", "hello"])
      await test.send(id, text);
    const log = JSON.parse(JSON.stringify(test.runtime.store.eventsForReading(id))) as EventPage["events"];
    const requests = log.filter((event) => event.kind === "request.assembled").length;
    expect(requests).toBeGreaterThan(5);
    // Pages that cut between requests: each page's first request is whole.
    const limit = Math.ceil(log.length / 3);
    const seen: unknown[] = [];
    let sharedCount = 0;
    let bytes = 0;
    for (let after = -1; ;) {
      const answer = await page(id, `after=${after}&limit=${limit}&bodies=shared`);
      expect(answer.status).toBe(200);
      expect(Value.Check(EventPage, answer.body)).toBe(true);
      bytes += JSON.stringify(answer.body.events).length;
      const shared = answer.body.events.filter((event) => "bodyShared" in event);
      expect(shared.map((event) => event.seq)).toEqual(answer.body.sharedBodies ?? []);
      const firstRequest = answer.body.events.find((event) => event.kind === "request.assembled");
      expect(shared).not.toContain(firstRequest);
      sharedCount += shared.length;
      seen.push(...expandRequestBodies(answer.body.events, answer.body.sharedBodies));
      if (answer.body.nextAfter === undefined) break;
      after = answer.body.nextAfter;
    }
    expect(seen).toEqual(log);
    expect(sharedCount).toBeGreaterThanOrEqual(requests - 3);
    expect(bytes).toBeLessThan(JSON.stringify(log).length * 0.9);
    // Without it (or with bodies=whole), no body is shared.
    for (const query of [`limit=${log.length}`, `limit=${log.length}&bodies=whole`])
      expect((await page(id, query)).body.events).toEqual(log);
  });

  it("names a malformed limit, after or through, and answers 404 for an unknown session", async () => {
    const id = test.create({ kind: "offline" });
    for (const [query, path] of [
      ["limit=0", "limit"],
      ["limit=5001", "limit"],
      ["limit=ten", "limit"],
      ["limit=", "limit"],
      ["limit=10&after=-2", "after"],
      ["limit=10&after=x", "after"],
      ["limit=10&through=-1", "through"],
      ["limit=10&bodies=half", "bodies"],
    ] as const) {
      const answer = await page(id, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.path, query).toBe(path);
    }
    expect((await page("no-such-session", "limit=10")).status).toBe(404);
  });
});

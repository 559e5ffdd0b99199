/**
 * `GET /api/sessions/:id` streams the stored texts a page at a time: the body is exactly what
 * `getSessionDetail` (every event parsed and redacted on read) answers, for a log of several
 * pages, a lesson session, a configured session and an unknown id.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configureSession } from "@/lib/agent/configure";
import { DETAIL_PAGE_SIZE, getSessionDetail } from "@/lib/agent/session-detail";
import { createSession } from "@/lib/agent/sessions";
import { openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import { setRuntime } from "@/lib/server/runtime";
import { GET } from "./route";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-detail-stream-");
  setRuntime(test.runtime);
});
afterEach(() => {
  setRuntime(undefined);
  test.close();
});

async function served(
  id: string,
  query = "",
): Promise<{ status: number; body: unknown; type: string | null }> {
  const response = await GET(new Request(`http://127.0.0.1/api/sessions/${id}${query}`), {
    params: Promise.resolve({ id }),
  });
  return { status: response.status, body: await response.json(), type: response.headers.get("content-type") };
}

function expected(id: string): unknown {
  const detail = getSessionDetail(test.runtime, id);
  if (!detail.ok) throw new Error(detail.problem.error);
  return JSON.parse(JSON.stringify(detail.value));
}

describe("GET /api/sessions/:id, streamed", () => {
  it("answers a log of several pages exactly as the parsed detail, every event once and in order", async () => {
    const id = test.create({ kind: "offline" });
    test.runtime.store.transaction(() => {
      for (let turn = 1; test.runtime.store.lastSeq(id) < DETAIL_PAGE_SIZE * 2 + 10; turn++)
        test.runtime.store.append(id, { kind: "user.message", turn, text: `message ${turn} "quoted" \\ \n` });
    });
    await test.send(id, "What is in notes/todo.md?");
    const answer = await served(id);
    expect(answer.status).toBe(200);
    expect(answer.type).toContain("application/json");
    expect(answer.body).toEqual(expected(id));
    const events = (answer.body as { events: { seq: number }[] }).events;
    expect(events.map((event) => event.seq)).toEqual(events.map((_event, index) => index));
  });

  it("answers a lesson session and a reconfigured one as the parsed detail does", async () => {
    const lesson = createSession(test.runtime, { scenario: "three-wire-formats" });
    if (!lesson.ok) throw new Error(lesson.problem.error);
    expect((await served(lesson.value.id)).body).toEqual(expected(lesson.value.id));
    const id = test.create({ kind: "offline" });
    const configured = configureSession(test.runtime, id, { system: "Be brief.", title: "Renamed" });
    if (!configured.ok) throw new Error(configured.problem.error);
    const answer = await served(id);
    expect(answer.body).toEqual(expected(id));
    expect((answer.body as { session: { system: string } }).session.system).toBe("Be brief.");
  });

  it("answers 404 for an unknown session", async () => {
    const answer = await served("no-such-session");
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: expect.stringContaining("no-such-session") });
  });
});

describe("GET /api/sessions/:id?after=&limit=&through=, the session and one page of its log", () => {
  type Page = { session: unknown; lastSeq: number; nextAfter?: number; events: { seq: number }[] };

  it("pages the log as the events route does; the pages together are the whole detail's log", async () => {
    const id = test.create({ kind: "offline" });
    await test.send(id, "What is in notes/todo.md?");
    const whole = expected(id) as { session: unknown; events: unknown[] };
    const lastSeq = whole.events.length - 1;
    const events: unknown[] = [];
    for (let after: number | undefined = -1; after !== undefined;) {
      const answer = await served(id, `?after=${after}&limit=7`);
      expect(answer.status).toBe(200);
      const page = answer.body as Page;
      expect(page.session).toEqual(whole.session);
      expect(page.lastSeq).toBe(lastSeq);
      expect(page.events.length).toBeLessThanOrEqual(7);
      events.push(...page.events);
      after = page.nextAfter;
    }
    expect(events).toEqual(whole.events);
    const range = (await served(id, "?after=2&limit=50&through=5")).body as Page;
    expect(range.events.map((event) => event.seq)).toEqual([3, 4, 5]);
    expect(range.nextAfter).toBeUndefined();
    expect(((await served(id, "?limit=2")).body as Page).nextAfter).toBe(1);
  });

  it("answers 400 naming a malformed parameter, 404 for an unknown session", async () => {
    const id = test.create({ kind: "offline" });
    for (const [query, path] of [
      ["?limit=0", "limit"],
      ["?limit=5001", "limit"],
      ["?limit=x", "limit"],
      ["?limit=5&after=-2", "after"],
      ["?limit=5&through=1.5", "through"],
    ] as const) {
      const answer = await served(id, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({ path });
    }
    expect((await served("no-such-session", "?limit=5")).status).toBe(404);
  });
});

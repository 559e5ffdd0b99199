/**
 * `loadSession` reads a long log in pages through the real routes (their GET handlers, on a real
 * SQLite store): the pages together are exactly the detail's log, in order, whatever order they
 * arrive in, their shared request bodies whole again; events appended meanwhile are left to the
 * live stream; a failed page fails the load.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as getEvents } from "@/app/api/sessions/[id]/events/route";
import { GET as getSession } from "@/app/api/sessions/[id]/route";
import { getSessionDetail } from "@/lib/agent/session-detail";
import { openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import { setRuntime } from "@/lib/server/runtime";
import { ApiError } from "./api";
import { loadSession, LOG_PAGE_SIZE, type LoadProgress } from "./load-session";

let test: TestRuntime;
let requested: string[];
/** Called before each answer; may hold it back or change the store. */
let beforeAnswer: (url: URL) => Promise<void> | void;

beforeEach(() => {
  test = openTestRuntime("toolscope-load-session-");
  setRuntime(test.runtime);
  requested = [];
  beforeAnswer = () => {};
  vi.stubGlobal("fetch", async (input: string) => {
    const url = new URL(input, "http://127.0.0.1");
    requested.push(`${url.pathname}${url.search}`);
    await beforeAnswer(url);
    const id = decodeURIComponent(url.pathname.split("/")[3]!);
    const request = new Request(url);
    const context = { params: Promise.resolve({ id }) };
    return url.pathname.endsWith("/events") ? getEvents(request, context) : getSession(request, context);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setRuntime(undefined);
  test.close();
});

/** A session whose log is `count` events long. */
function sessionOf(count: number): string {
  const id = test.create({ kind: "offline" });
  test.runtime.store.transaction(() => {
    for (let turn = 1; test.runtime.store.lastSeq(id) < count - 1; turn++)
      test.runtime.store.append(id, { kind: "user.message", turn, text: `message ${turn} "quoted" \\ \n` });
  });
  return id;
}

function detailOf(id: string): unknown {
  const detail = getSessionDetail(test.runtime, id);
  if (!detail.ok) throw new Error(detail.problem.error);
  return JSON.parse(JSON.stringify(detail.value));
}

describe("loadSession", () => {
  it("reads a short log in one request: the session's first page", async () => {
    const id = sessionOf(40);
    const progress: LoadProgress[] = [];
    expect(await loadSession(id, (p) => progress.push(p))).toEqual(detailOf(id));
    expect(requested).toEqual([`/api/sessions/${id}?limit=${LOG_PAGE_SIZE}&bodies=shared`]);
    expect(progress).toEqual([]);
  });

  it("reads a long log in pages, kept in order though a later page arrives first", async () => {
    const count = LOG_PAGE_SIZE * 2 + 345;
    const id = sessionOf(count);
    // The second events page is held until the third has been asked for (and answered).
    let releaseSecond = () => {};
    const secondHeld = new Promise<void>((resolve) => (releaseSecond = resolve));
    beforeAnswer = async (url) => {
      if (url.searchParams.get("after") === String(LOG_PAGE_SIZE * 2 - 1)) releaseSecond();
      if (url.searchParams.get("after") === String(LOG_PAGE_SIZE - 1) && url.pathname.endsWith("/events"))
        await secondHeld;
    };
    const progress: LoadProgress[] = [];
    const loaded = await loadSession(id, (p) => progress.push(p));
    expect(loaded).toEqual(detailOf(id));
    expect(loaded.events.map((event) => event.seq)).toEqual(loaded.events.map((_event, index) => index));
    expect(requested).toEqual([
      `/api/sessions/${id}?limit=${LOG_PAGE_SIZE}&bodies=shared`,
      `/api/sessions/${id}/events?after=${LOG_PAGE_SIZE - 1}&limit=${LOG_PAGE_SIZE}&bodies=shared&through=${LOG_PAGE_SIZE * 2 - 1}`,
      `/api/sessions/${id}/events?after=${LOG_PAGE_SIZE * 2 - 1}&limit=${LOG_PAGE_SIZE}&bodies=shared&through=${count - 1}`,
    ]);
    expect(progress).toEqual([
      { loaded: LOG_PAGE_SIZE, total: count },
      { loaded: LOG_PAGE_SIZE * 2, total: count },
      { loaded: count, total: count },
    ]);
  });

  it("stops at the last seq of its first answer: what is appended meanwhile is the live stream's", async () => {
    const id = sessionOf(LOG_PAGE_SIZE + 10);
    beforeAnswer = (url) => {
      if (url.pathname.endsWith("/events"))
        test.runtime.store.append(id, { kind: "user.message", turn: 99, text: "late" });
    };
    const loaded = await loadSession(id);
    expect(loaded.events).toHaveLength(LOG_PAGE_SIZE + 10);
    expect(test.runtime.store.lastSeq(id)).toBe(LOG_PAGE_SIZE + 10);
  });

  it("fails with the server's error when a page fails, and reports no stray rejection", async () => {
    const id = sessionOf(LOG_PAGE_SIZE * 3 + 1);
    const stray: unknown[] = [];
    const onStray = (reason: unknown) => stray.push(reason);
    process.on("unhandledRejection", onStray);
    beforeAnswer = (url) => {
      if (url.searchParams.get("after") === String(LOG_PAGE_SIZE * 2 - 1))
        test.runtime.store.deleteSession(id);
    };
    try {
      const failure = await loadSession(id).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ status: 404 });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stray).toEqual([]);
    } finally {
      process.off("unhandledRejection", onStray);
    }
  });

  it("gives back whole the request bodies its pages share, on both sides of a page's edge", async () => {
    const id = sessionOf(LOG_PAGE_SIZE - 3);
    const claudeCode = JSON.parse(
      readFileSync(path.join(process.cwd(), "fixtures/capture/claude-code-request.json"), "utf8"),
    ) as { messages: unknown[] };
    test.runtime.store.transaction(() => {
      for (let turn = 1; turn <= 6; turn++) {
        const messages = [
          ...claudeCode.messages,
          ...Array.from({ length: turn }, (_, n) => ({ role: "user", content: `${n}` })),
        ];
        test.runtime.store.append(id, {
          kind: "request.assembled",
          turn,
          attempt: 1,
          format: "anthropic",
          body: { ...claudeCode, messages },
          tokens: { tools: 1, system: 1, messages: 1, total: 3, tokenizer: "o200k" },
        });
      }
    });
    let sharedOnWire = 0;
    vi.stubGlobal("fetch", async (input: string) => {
      const url = new URL(input, "http://127.0.0.1");
      const request = new Request(url);
      const context = { params: Promise.resolve({ id }) };
      const response = await (url.pathname.endsWith("/events") ? getEvents : getSession)(request, context);
      const text = await response.text();
      sharedOnWire += text.split('"bodyShared"').length - 1;
      return new Response(text, { status: response.status, headers: response.headers });
    });
    const loaded = await loadSession(id);
    expect(loaded).toEqual(detailOf(id));
    // Three requests on each page; each page's first is whole.
    expect(sharedOnWire).toBe(4);
  });
});

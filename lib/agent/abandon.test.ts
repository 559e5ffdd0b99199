/**
 * Work for a request stops when its client goes away (the request's signal aborts): the session
 * detail of a long log and the event stream's replay read no page past the abort, and an import
 * abandoned before its write saves nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EVENT_PAGE } from "./abandon";
import { streamSessionEvents } from "./event-stream";
import { importUnlessAbandoned } from "./import/import-session";
import { exportSession } from "./export";
import { DETAIL_PAGE_SIZE, readSessionDetailPages } from "./session-detail";
import { openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

let test: TestRuntime;
let id: string;
const EXTRA = EVENT_PAGE * 5;
beforeEach(() => {
  test = openTestRuntime("toolscope-abandon-");
  id = test.create({ kind: "offline" });
  test.runtime.store.transaction(() => {
    for (let turn = 1; turn <= EXTRA; turn++)
      test.runtime.store.append(id, { kind: "user.message", turn, text: `message ${turn}` });
  });
});
afterEach(() => test.close());

/** Counts the pages read, aborting `controller` as the first one is read. */
function abortOnFirstPage(controller: AbortController) {
  const read = test.runtime.store.eventsForReading.bind(test.runtime.store);
  return vi.spyOn(test.runtime.store, "eventsForReading").mockImplementation((...args) => {
    controller.abort();
    return read(...args);
  });
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
  return text;
}

describe("GET /api/sessions/:id of a long log", () => {
  it("reads every page when the client stays", () => {
    const pages = vi.spyOn(test.runtime.store, "eventTextsForReading");
    const detail = readSessionDetailPages(test.runtime, id);
    if (!detail.ok) throw new Error("no detail");
    const texts = [...detail.value.pages].flat();
    expect(texts).toHaveLength(EXTRA + 1);
    expect(pages).toHaveBeenCalledTimes(Math.ceil((EXTRA + 1) / DETAIL_PAGE_SIZE));
  });

  it("reads no page past the one being sent when the client goes away", () => {
    const pages = vi.spyOn(test.runtime.store, "eventTextsForReading");
    const detail = readSessionDetailPages(test.runtime, id);
    if (!detail.ok) throw new Error("no detail");
    expect(detail.value.pages.next().done).toBe(false);
    // What the response stream does when its reader cancels (lib/server/http.ts, streamJsonResponse).
    detail.value.pages.return(undefined);
    expect(detail.value.pages.next().done).toBe(true);
    expect(pages).toHaveBeenCalledTimes(1);
  });
});

describe("the event stream's replay", () => {
  it("replays the whole log to a client that stays", async () => {
    const controller = new AbortController();
    const stream = streamSessionEvents(test.runtime, id, -1, controller.signal);
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let ids = 0;
    while (ids < EXTRA + 1) {
      const { value, done } = await reader.read();
      if (done) break;
      const chunk = decoder.decode(value);
      ids += (chunk.match(/^id: /gm) ?? []).length;
      text += chunk;
    }
    expect(ids).toBe(EXTRA + 1);
    expect(text).toContain(`id: ${EXTRA}\n`);
    controller.abort();
  });

  it("stops reading the log when the client goes away, and closes", async () => {
    const controller = new AbortController();
    const pages = abortOnFirstPage(controller);
    const text = await readAll(streamSessionEvents(test.runtime, id, -1, controller.signal));
    expect(pages).toHaveBeenCalledTimes(1);
    expect((text.match(/^id: /gm) ?? []).length).toBeLessThanOrEqual(EVENT_PAGE);
    expect(test.runtime.openStreams.size).toBe(0);
  });
});

describe("POST /api/import abandoned by its client", () => {
  it("saves nothing and writes nothing", async () => {
    const exported = exportSession(test.runtime, id);
    if (!exported.ok) throw new Error(exported.problem.error);
    const before = test.runtime.store.listSessions().length;
    const writes = vi.spyOn(test.runtime.store, "transaction");
    const controller = new AbortController();
    const importing = importUnlessAbandoned(
      test.runtime,
      { kind: "json", value: exported.value },
      controller.signal,
    );
    controller.abort();
    expect(await importing).toMatchObject({ ok: false, problem: { kind: "abandoned" } });
    expect(writes).not.toHaveBeenCalled();
    expect(test.runtime.store.listSessions().length).toBe(before);
    const kept = await importUnlessAbandoned(
      test.runtime,
      { kind: "json", value: exported.value },
      new AbortController().signal,
    );
    expect(kept.ok).toBe(true);
    expect(test.runtime.store.listSessions().length).toBe(before + 1);
  });
});

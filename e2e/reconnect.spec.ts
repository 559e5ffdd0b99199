import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TraceEvent } from "@/lib/trace/events";
import { expect, test } from "./support/fixtures";
import { startDropProxy } from "./support/drop-proxy";
import { callApi, startServerGroup } from "./support/server-group";

/**
 * A browser whose event stream drops in the middle of a run reconnects by itself with
 * `Last-Event-ID` and ends up with every event exactly once: no gap, no duplicate.
 *
 * Real Chromium, its own `EventSource` and its own reconnect, over real HTTP to the real server
 * (`scripts/start.mjs`, own port and data dir). The page reaches the server through a TCP proxy
 * in this process that resets every connection on cue: a genuine network drop (closing the
 * EventSource by hand would test our code, not the browser's reconnect), and the proxy sees the
 * reconnect's request head, so the test checks the header the browser really sent.
 */

const SERVER_PORT = 3120;
const PROXY_PORT = 3121;
const TOKEN = "reconnect-token-0123456789abcdef";
/** Wire events per second: turn 1 streams for several seconds, so the drop lands inside it. */
const PACE = 4;

interface Received {
  id: string;
  data: string;
}
interface StreamWindow {
  __received: Received[];
  /** The last id received when each `error` fired (the id the reconnect must send). */
  __errors: (string | null)[];
  __source: EventSource;
}

test("a browser that reconnects with Last-Event-ID mid-run gets every event once", async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-reconnect-"));
  const server = await startServerGroup({
    port: SERVER_PORT,
    dataDir,
    token: TOKEN,
    env: { TOOLSCOPE_ALLOWED_HOSTS: `127.0.0.1:${PROXY_PORT}` },
  });
  const proxy = await startDropProxy(PROXY_PORT, SERVER_PORT);
  try {
    const { id } = await callApi<{ id: string }>(server, "POST", "/api/sessions", {
      body: { title: "Reconnect", provider: { kind: "offline", pace: PACE } },
    });
    // The cookie, then a page of our origin that runs no app code of its own.
    await page.goto(`${proxy.origin}/?token=${TOKEN}`);
    await page.goto(`${proxy.origin}/api/health`);
    await page.evaluate((sessionId) => {
      const w = window as unknown as StreamWindow;
      w.__received = [];
      w.__errors = [];
      w.__source = new EventSource(`/api/sessions/${sessionId}/events`);
      w.__source.onmessage = (message) => w.__received.push({ id: message.lastEventId, data: message.data });
      w.__source.onerror = () => w.__errors.push(w.__received.at(-1)?.id ?? null);
    }, id);
    await page.waitForFunction(() => (window as unknown as StreamWindow).__received.length === 1);

    await callApi(server, "POST", `/api/sessions/${id}/messages`, {
      body: { text: "What is in notes/todo.md?" },
    });
    // Mid-run: the third wire event of turn 1 is in, the stream still has most of its events to go.
    await page.waitForFunction(
      () =>
        (window as unknown as StreamWindow).__received.filter((m) => m.data.includes('"kind":"wire.event"'))
          .length >= 3,
    );
    expect(proxy.dropAll()).toBeGreaterThanOrEqual(1);
    await page.waitForFunction(() =>
      (window as unknown as StreamWindow).__received.some((m) => m.data.includes('"kind":"run.finished"')),
    );
    const { received, errors } = await page.evaluate(() => {
      const w = window as unknown as StreamWindow;
      w.__source.close();
      return { received: w.__received, errors: w.__errors };
    });

    const events = received.map((m) => JSON.parse(m.data) as TraceEvent);
    // Every event once, in order, each under its own id.
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    expect(received.map((m) => m.id)).toEqual(events.map((e) => String(e.seq)));
    // Exactly what the log holds.
    const log = await callApi<{ events: TraceEvent[] }>(server, "GET", `/api/sessions/${id}`);
    expect(events).toEqual(log.events);
    expect(events.at(-1)?.kind).toBe("run.finished");

    // The drop happened mid-run, and the browser's reconnect asked for what came after it.
    expect(errors.length).toBeGreaterThanOrEqual(1);
    const resumeFrom = Number(errors[0]);
    const before = events.slice(0, resumeFrom + 1).map((e) => e.kind);
    expect(before).toContain("run.started");
    expect(before.filter((kind) => /^run\.(finished|failed|interrupted)$/.test(kind))).toEqual([]);
    const streams = proxy.seen.filter((r) => r.method === "GET" && r.path === `/api/sessions/${id}/events`);
    expect(streams.length).toBeGreaterThanOrEqual(2);
    expect(streams[0]!.headers["last-event-id"]).toBeUndefined();
    expect(streams[1]!.headers["last-event-id"]).toBe(String(resumeFrom));
    // Events were appended after the reconnect point, so the browser saw the run go on live.
    expect(events.filter((e) => e.seq > resumeFrom && e.kind === "wire.event").length).toBeGreaterThan(0);
  } finally {
    await proxy.close();
    await server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

import fs from "node:fs";
import type { Page } from "@playwright/test";
import { it } from "vitest";
import { BENCH_BASE, BENCH_TOKEN, requestApi, startAppServer } from "./app-server";
import {
  jumpTimeline,
  summarizeJumps,
  launchChromium,
  openSession,
  profileOpenAndJump,
  type TimelineJumps,
} from "./browser-driver";
import { installPageMarks } from "./browser-page";
import { findMonacoChunks } from "./first-load";
import { growExport, recordRealSession } from "./long-session";
import { isProfiling, recordSection, reportProgress, roundTo, summarize, type BenchRow } from "./results";

/**
 * In headless Chromium against the production server (`scripts/start.mjs`): opening a
 * 10,000-event session to its first transcript paint (the first message card visible, painted),
 * and 21 timeline jumps as a person makes them (a click on the track, PageUp, End → every pane
 * showing the new cursor, painted). Goals: open < 1.5 s; jumps < 100 ms median, < 300 ms p95.
 */
const SIZE = 10_000;
const OPENS = 3;
/** Rounds of jumps: a click on the track, PageUp, End (three jumps each). */
const JUMP_ROUNDS = 7;
/** The export to open: BENCH_SESSION_EXPORT (a file), or a real session grown to 10,000 events. */
async function loadExport(): Promise<{ file: unknown; events: number; source: string }> {
  const given = process.env.BENCH_SESSION_EXPORT;
  if (given) {
    const file = JSON.parse(fs.readFileSync(given, "utf8")) as { events: unknown[] };
    return { file, events: file.events.length, source: given };
  }
  const grown = growExport(await recordRealSession(), SIZE);
  return {
    file: grown,
    events: grown.events.length,
    source: "9 real offline-model runs grown to 10,000 events",
  };
}

/** `GET /api/sessions/:id` from Node, whole body read: what the server alone takes to serve the log (median of 3). */
async function timeSessionRequest(id: string) {
  const samples: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    await requestApi(`/api/sessions/${id}`);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

type Open = Awaited<ReturnType<typeof openSession>>;

/** The jumps' row: all of them together against the goal, each kind apart in the figures. */
function describeJumps({ samples, stalled }: TimelineJumps): BenchRow {
  const all = summarizeJumps(Object.values(samples).flat());
  const kinds = Object.entries(samples).map(([kind, times]) => [kind, summarizeJumps(times)] as const);
  return {
    what: `timeline jump → every pane at the new cursor, painted (${all.count} jumps: a click on the track, PageUp, End)`,
    result: `median ${Math.round(all.median)} ms · p95 ${Math.round(all.p95)} ms (${kinds.map(([kind, s]) => `${kind} ${Math.round(s.median)}`).join(", ")})${stalled ? `; STALLED: ${stalled}` : ""}`,
    goal: "< 100 ms median, < 300 ms p95",
    met: stalled === null && all.median < 100 && all.p95 < 300,
    figures: {
      medianMs: roundTo(all.median, 1),
      p95Ms: roundTo(all.p95, 1),
      maxMs: roundTo(all.max, 1),
      ...Object.fromEntries(
        kinds.flatMap(([kind, s]) => [
          [`${kind}MedianMs`, roundTo(s.median, 1)],
          [`${kind}P95Ms`, roundTo(s.p95, 1)],
        ]),
      ),
    },
  };
}

/** The table's rows for one run: the open (with its breakdown in the figures) and the jumps. */
function describeRun(run: {
  events: number;
  opens: Open[];
  jumps: TimelineJumps;
  apiMs: number;
  scripts: number;
  monacoFetched: string[];
}): BenchRow[] {
  const { events, opens, jumps, apiMs, scripts, monacoFetched } = run;
  const open = summarize(opens.map((o) => o.openMs));
  const last = opens.at(-1)!;
  return [
    {
      what: `open a ${events.toLocaleString("en")}-event session → first transcript paint (median of ${OPENS})`,
      result: `${Math.round(open.median)} ms (first ${Math.round(opens[0]!.openMs)} ms, range ${Math.round(open.min)}–${Math.round(open.max)}); session JSON in at ${Math.round(last.fetched?.responseEnd ?? 0)} ms; main thread idle by ≈${Math.round(summarize(opens.map((o) => o.idleMs)).median)} ms`,
      goal: "< 1.5 s",
      met: open.median < 1500,
      figures: {
        events,
        medianMs: roundTo(open.median, 1),
        firstOpenMs: roundTo(opens[0]!.openMs, 1),
        allOpensMs: opens.map((o) => Math.round(o.openMs)).join(" / "),
        mainThreadIdleByMs: opens.map((o) => Math.round(o.idleMs)).join(" / "),
        sessionJsonRequestedAtMs: roundTo(last.fetched?.startTime ?? -1, 1),
        sessionJsonFirstByteAtMs: roundTo(last.fetched?.responseStart ?? -1, 1),
        sessionJsonResponseEndMs: roundTo(last.fetched?.responseEnd ?? -1, 1),
        domAtFirstPaint: JSON.stringify(last.marks.domAtFirstPaint),
        sessionJsonBytes: last.fetched?.encodedBytes ?? -1,
        sessionJsonDecodedBytes: last.fetched?.decodedBytes ?? -1,
        apiSessionServerMs: roundTo(apiMs, 1),
        longTasksUntilIdle: last.marks.longTasks.count,
        longTaskMsUntilIdle: roundTo(last.marks.longTasks.totalMs, 1),
        scriptsFetchedOnOpen: scripts,
        monacoScriptsFetchedOnOpen: monacoFetched.join(" "),
      },
    },
    describeJumps(jumps),
  ];
}

it("headless Chromium: open a 10,000-event session, timeline jumps", async () => {
  reportProgress("browser: starting the server (scripts/start.mjs)");
  const server = await startAppServer();
  const browser = await launchChromium();
  try {
    reportProgress("browser: recording and growing the session");
    const exported = await loadExport();
    reportProgress(`browser: importing ${exported.events} events`);
    const { id } = await requestApi<{ id: string }>("/api/import", { method: "POST", body: exported.file });
    const api = await timeSessionRequest(id);
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript(installPageMarks);
    const login = await context.newPage();
    await login.goto(`${BENCH_BASE}/?token=${BENCH_TOKEN}`);
    await login.close();

    const scripts = new Set<string>();
    const opens = [];
    let page: Page | null = null;
    for (let open = 0; open < OPENS; open++) {
      await page?.close();
      page = await context.newPage();
      if (open === 0)
        page.on(
          "response",
          (response) =>
            /\/_next\/static\/chunks\/.+\.js$/.test(response.url()) &&
            scripts.add(new URL(response.url()).pathname),
        );
      opens.push(await openSession(page, id));
      reportProgress(`browser: open ${open + 1}: ${Math.round(opens.at(-1)!.openMs)} ms`);
    }
    const jumps = await jumpTimeline(page!, JUMP_ROUNDS);
    reportProgress(
      `browser: jumps ${JSON.stringify(jumps, (_key, value: unknown) => (typeof value === "number" ? Math.round(value) : value))}`,
    );
    const profile = isProfiling() ? await profileOpenAndJump(context, id) : undefined;
    await context.close();

    const monaco = new Set(findMonacoChunks().files.map((file) => `/_next/${file}`));
    const monacoFetched = [...scripts].filter((script) => monaco.has(script));
    const rows = describeRun({
      events: exported.events,
      opens,
      jumps,
      apiMs: api.median,
      scripts: scripts.size,
      monacoFetched,
    });
    recordSection("browser", rows, {
      notes: [
        `Session: ${exported.source}, imported with POST /api/import; server: scripts/start.mjs (production build) on ${BENCH_BASE}.`,
        "Chromium: /usr/bin/chromium headless, --no-sandbox --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-gpu, 1440×900.",
        "Open = navigation start → the first frame, painted, in which a [data-testid=message] card is visible in the viewport (rAF, then a MessageChannel task after it). Each open is a new tab in one context (HTTP cache warm after the first; the login page loaded the shared chunks before).",
        "Jump = a person's input on the timeline — a real click on the track at far-apart points, then PageUp and End on the focused cursor — from the input event's timeStamp to the first painted frame in which every pane shows the new cursor: the transcript pane's data-seq and the graph pane's data-up-to equal the cursor's aria-valuenow, and a long transcript's last message (the cursor's moment) is in the pane's view. Before each jump the page is let go quiet (requestIdleCallback runs at once twice, 300 ms apart), so a jump does not wait on the last one's work.",
        "apiSessionServerMs: GET /api/sessions/:id from Node (no browser), whole body read, median of 3: the server's share of the open.",
        "mainThreadIdleByMs: after the first paint, when the main thread went quiet (±300 ms); long tasks are counted up to then.",
      ],
      profile,
    });
    if (monacoFetched.length > 0)
      throw new Error(`opening the session page fetched Monaco: ${monacoFetched.join(", ")}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}, 900_000);

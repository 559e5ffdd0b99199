/** What the browser benchmark does in Chromium: open the session, jump on the timeline, wait for quiet. */
import fs from "node:fs";
import { chromium, errors, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { BENCH_BASE } from "./app-server";
import { readPageMarks, readSessionFetch } from "./browser-page";
import { profileInPage } from "./browser-profile";
import { reportProgress, summarize, type Summary } from "./results";

/** Far-apart points on the timeline, so every jump changes the transcript. */
const JUMP_POINTS = [
  0.1, 0.9, 0.3, 0.7, 0.05, 0.55, 0.2, 0.95, 0.4, 0.8, 0.15, 0.65, 0.35, 0.85, 0.25, 0.75, 0.45, 0.98, 0.02,
  0.6,
];

/** Debian's Chromium (or CHROMIUM_PATH), headless, with the flags the e2e suite uses; Playwright's own when neither exists. */
export function launchChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  return chromium.launch({
    ...(fs.existsSync(executablePath) ? { executablePath } : {}),
    args: [
      "--no-sandbox",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-gpu",
    ],
  });
}

/**
 * Waits until the page's main thread is idle: two checks in a row, 300 ms apart, whose
 * `requestIdleCallback` ran at once. Returns the page time (ms since navigation) of the first
 * of them — the main thread was idle by then, give or take 300 ms.
 */
export async function waitForQuiet(page: Page, limitMs = 120_000): Promise<number> {
  let firstCalm: number | null = null;
  const until = Date.now() + limitMs;
  for (let calm = 0; calm < 2 && Date.now() < until;) {
    await page.waitForTimeout(300);
    const started = Date.now();
    const at = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestIdleCallback(() => resolve(performance.now()), { timeout: 120_000 }),
        ),
    );
    const quick = Date.now() - started < 100;
    calm = quick ? calm + 1 : 0;
    firstCalm = quick ? (firstCalm ?? at) : null;
  }
  // Never calm within the limit: the page time now, as a busy page's idle point.
  return firstCalm ?? (await page.evaluate(() => performance.now()));
}

/** Waits for the first transcript paint the init script records. */
export async function waitForFirstPaint(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as unknown as { __bench: { firstMessagePaint: number | null } }).__bench.firstMessagePaint !==
      null,
    null,
    { timeout, polling: 50 },
  );
}

/** Waits for the open's latest turn, painted (every pane at the cursor, the transcript's end in view). */
export async function waitForLatestTurn(page: Page, timeout = 120_000): Promise<void> {
  await page.waitForFunction(
    () =>
      (window as unknown as { __bench: { latestTurnPaint: number | null } }).__bench.latestTurnPaint !== null,
    null,
    { timeout, polling: 50 },
  );
}

/** Opens the session in `page`: the first transcript paint, when the page went quiet, the session fetch. */
export async function openSession(page: Page, id: string) {
  await page.goto(`${BENCH_BASE}/sessions/${id}`, { waitUntil: "commit" });
  await waitForFirstPaint(page);
  const idleMs = await waitForQuiet(page);
  const marks = await page.evaluate(readPageMarks);
  const fetched = await page.evaluate(readSessionFetch);
  return { openMs: marks.firstMessagePaint!, idleMs, marks, fetched };
}

/** `--profile`: one more open, then one jump, each under the profiler and a trace. */
export async function profileOpenAndJump(context: BrowserContext, id: string, prefix = "") {
  reportProgress("browser: profiling an open (until the page is quiet) and a jump");
  const page = await context.newPage();
  let quietAt = 0;
  const open = await profileInPage(
    page,
    `${prefix}open`,
    async () => {
      await page.goto(`${BENCH_BASE}/sessions/${id}`, { waitUntil: "commit" });
      await waitForFirstPaint(page);
      quietAt = await waitForQuiet(page);
    },
    async () => {
      const paint = (await page.evaluate(readPageMarks)).firstMessagePaint!;
      return { toFirstPaint: { fromMs: 0, toMs: paint }, afterFirstPaint: { fromMs: paint, toMs: quietAt } };
    },
  );
  const box = (await page.getByTestId("timeline").boundingBox())!;
  const jump = await profileInPage(
    page,
    `${prefix}jump`,
    async () => {
      await page.mouse.click(box.x + box.width * 0.3, box.y + box.height / 2);
      await waitForJump(page);
    },
    async () => {
      const marks = await page.evaluate(readPageMarks);
      return {
        toTranscriptPaint: { fromMs: marks.jumpStartedAt!, toMs: marks.jumpStartedAt! + marks.jumpMs! },
      };
    },
  );
  await page.close();
  return { open, jump };
}

/** How a jump was made: a click on a tick of the track, or a key on the focused cursor. */
export type JumpKind = "click" | "End" | "PageUp";

/** The jumps made, by kind; `stalled` names the one that did not settle in time (none were made after it). */
export interface TimelineJumps {
  samples: Record<JumpKind, number[]>;
  stalled: string | null;
}

/**
 * A person's jumps: a click on the track at each of `rounds` far-apart points, then PageUp on the
 * cursor (ten events on), then End (back to live). Each is timed from its input event to every
 * pane showing the new cursor, painted; the page is let go quiet in between (the URL follows
 * the cursor 250 ms later, a navigation). A jump whose input or panes take longer than `timeout`
 * ends the series and is reported as stalled, so the bench always finishes and says so.
 */
export async function jumpTimeline(page: Page, rounds: number, timeout = 60_000): Promise<TimelineJumps> {
  page.setDefaultTimeout(timeout);
  const box = (await page.getByTestId("timeline").boundingBox())!;
  const cursor = page.getByTestId("timeline-cursor");
  const samples: Record<JumpKind, number[]> = { click: [], End: [], PageUp: [] };
  let made = 0;
  /** Whether the jump settled; a timeout names it in `stalled` instead of throwing. */
  const timed = async (kind: JumpKind, act: () => Promise<void>): Promise<boolean> => {
    made++;
    try {
      await act();
      await waitForJump(page, timeout);
    } catch (error) {
      if (!(error instanceof errors.TimeoutError)) throw error;
      stalled = `jump ${made} (${kind}) did not settle in ${timeout / 1000} s: ${error.message.split("\n")[0]}`;
      reportProgress(`browser: ${stalled}`);
      return false;
    }
    samples[kind].push((await page.evaluate(readPageMarks)).jumpMs!);
    await waitForQuiet(page);
    return true;
  };
  let stalled: string | null = null;
  for (const point of JUMP_POINTS.slice(0, rounds)) {
    const settled =
      (await timed("click", () => page.mouse.click(box.x + box.width * point, box.y + box.height / 2))) &&
      (await timed("PageUp", () => cursor.press("PageUp"))) &&
      (await timed("End", () => cursor.press("End")));
    if (!settled) break;
  }
  return { samples, stalled };
}

/** The jumps' figures; NaN (`null` in results.json) where none of them settled. */
export function summarizeJumps(samples: readonly number[]): Summary {
  if (samples.length > 0) return summarize(samples);
  return { median: NaN, p95: NaN, p99: NaN, min: NaN, max: NaN, count: 0 };
}

async function waitForJump(page: Page, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { __bench: { jumpMs: number | null } }).__bench.jumpMs !== null,
    null,
    { timeout, polling: 20 },
  );
}

import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";
import { saveProfile, summarizeProfile, type CpuProfile, PROFILES_DIR } from "./cpu-profile";

/** A stretch of page time to summarize: ms since the page's navigation start. */
export type PageWindow = { fromMs: number; toMs: number };

/**
 * `--profile` in the browser: runs `action` under the renderer's sampling profiler (CDP
 * `Profiler`) and a Chrome performance trace; saves bench/profiles/`label`.cpuprofile and
 * `label`-trace.json (load either in Chrome DevTools' Performance panel) and summarizes each of
 * `windows()`: JS functions by self and total time (mapped to their sources when the build has
 * browser source maps), and the renderer main thread's time by trace event (script, style,
 * layout, GC…). Page times are put on the trace's clock with the document's `navigationStart`
 * when the action navigated, else with a `performance.mark` made just before the action.
 */
export async function profileInPage(
  page: Page,
  label: string,
  action: () => Promise<void>,
  windows: () => Promise<Record<string, PageWindow>>,
) {
  const cdp = await page.context().newCDPSession(page);
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink.user_timing"],
  });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const syncMs = await page.evaluate(() => performance.mark("bench-sync").startTime);
  const started = Date.now();
  await action();
  const wallMs = Date.now() - started;
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: CpuProfile };
  const trace = await browser.stopTracing();
  await cdp.detach();
  saveProfile(label, profile);
  fs.writeFileSync(path.join(PROFILES_DIR, `${label}-trace.json`), trace);
  const traceFile = JSON.parse(trace.toString()) as TraceFile;
  const events = Array.isArray(traceFile) ? traceFile : traceFile.traceEvents;
  const mark = events.find((e) => e.name === "bench-sync")?.ts;
  const navigation = events.filter((e) => e.name === "navigationStart" && e.ts > (mark ?? 0)).at(-1)?.ts;
  const origin = navigation ?? (mark === undefined ? undefined : mark - syncMs * 1000);
  const rename = createSourceMapRenamer();
  const summaries: Record<string, unknown> = {};
  for (const [name, { fromMs, toMs }] of Object.entries(await windows())) {
    const window =
      origin === undefined ? undefined : { from: origin + fromMs * 1000, to: origin + toMs * 1000 };
    summaries[name] = {
      measuredMs: Math.round(toMs - fromMs),
      windowed: window !== undefined,
      js: summarizeProfile(window ? cutProfile(profile, window) : profile, {
        top: 30,
        ...(rename ? { rename } : {}),
      }),
      mainThread: summarizeTrace(events, window),
    };
  }
  return { wallMs, sourceMapped: rename !== undefined, windows: summaries };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}
type TraceFile = { traceEvents: TraceEvent[] } | TraceEvent[];

/** The samples of `profile` taken inside `window` (µs, the profile's clock). */
export function cutProfile(profile: CpuProfile, window: { from: number; to: number }): CpuProfile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = profile.startTime;
  let last = window.from;
  profile.samples.forEach((sample, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < window.from || at > window.to) return;
    samples.push(sample);
    timeDeltas.push(at - last);
    last = at;
  });
  return { ...profile, startTime: window.from, endTime: window.to, samples, timeDeltas };
}

/**
 * Self time by event name on the renderer's main thread (`CrRendererMain`) of the page's
 * process, inside `window` when given (µs, the trace's clock), % of the busy time.
 */
export function summarizeTrace(all: TraceEvent[], window?: { from: number; to: number }) {
  const events = window
    ? all.filter((e) => e.ph === "M" || (e.ts + (e.dur ?? 0) >= window.from && e.ts <= window.to))
    : all;
  const mains = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  const complete = events.filter((e) => e.ph === "X" && e.dur !== undefined);
  const busiest = mains
    .map((main) => ({ main, busy: complete.filter((e) => e.pid === main.pid && e.tid === main.tid).length }))
    .sort((a, b) => b.busy - a.busy)[0]?.main;
  if (!busiest) return { busyMs: 0, bySelf: [] };
  const own = complete
    .filter((e) => e.pid === busiest.pid && e.tid === busiest.tid)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { event: TraceEvent; end: number }[] = [];
  let busy = 0;
  for (const event of own) {
    while (stack.length > 0 && stack.at(-1)!.end <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.event.name, (self.get(parent.event.name) ?? 0) - event.dur!);
    else busy += event.dur!;
    self.set(event.name, (self.get(event.name) ?? 0) + event.dur!);
    stack.push({ event, end: event.ts + event.dur! });
  }
  const bySelf = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, us]) => ({
      event: name,
      ms: Math.round(us / 1000),
      percent: Math.round((us / busy) * 1000) / 10,
    }));
  return { busyMs: Math.round(busy / 1000), bySelf };
}

/**
 * Maps a minified frame to `source:line (name)` with the chunk's source map (named by its
 * `sourceMappingURL` comment), when the build wrote them (`productionBrowserSourceMaps`).
 */
export function createSourceMapRenamer(nextDir = path.join(process.cwd(), ".next")) {
  const dir = path.join(nextDir, "static", "chunks");
  if (!fs.readdirSync(dir).some((file) => file.endsWith(".js.map"))) return undefined;
  const consumers = new Map<string, SourceMapConsumer | null>();
  const consumerFor = (url: string) => {
    const name = /\/_next\/static\/chunks\/([^?]+\.js)/.exec(url)?.[1];
    if (!name || !fs.existsSync(path.join(dir, name))) return null;
    if (!consumers.has(name)) {
      const code = fs.readFileSync(path.join(dir, name), "utf8");
      const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
      const map = mapName ? path.join(dir, mapName) : null;
      consumers.set(
        name,
        map && fs.existsSync(map)
          ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, "utf8")) as RawSourceMap)
          : null,
      );
    }
    return consumers.get(name)!;
  };
  return (frame: CpuProfile["nodes"][number]["callFrame"]) => {
    const consumer = consumerFor(frame.url);
    if (!consumer) return `${frame.url.replace(/^https?:\/\/[^/]+/, "")}:${frame.lineNumber + 1}`;
    const original = consumer.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = (original.source ?? "?").replace(/^.*?\[project\]\//, "").replace(/^turbopack:\/\/\//, "");
    return `${source}:${original.line ?? "?"}${original.name ? ` (${original.name})` : ""}`;
  };
}

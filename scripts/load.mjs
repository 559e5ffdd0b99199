#!/usr/bin/env node
// `npm run load`: LOAD_SESSIONS (20) workers run lessons at once for
// LOAD_SECONDS (60) against a server started here (scripts/start.mjs, port LOAD_PORT = 3125,
// a fresh data dir), over loopback. Each worker creates a session, sends the lesson's messages
// one run at a time (approving and answering where a run waits), then starts the next lesson.
// Without lessons (GET /api/scenarios not there yet) it sends ordinary messages that make the
// offline model call tools. Checks: every event on a session's stream belongs to it, seqs are
// dense, the stream equals the stored log, each run id is the session's own, and no request
// fails. Prints one table: requests, events/s, latencies, the server's peak RSS (VmHWM). Then
// the session-list case (scripts/load-sessions.mjs): `GET /api/sessions` pages and health over a
// 10,000-session store at 200 requests/s. LOAD_CASE=lessons or LOAD_CASE=sessions runs one alone.
// `-- --instances 3 --database postgres`: the lessons case on 3 servers sharing one Postgres
// database (TOOLSCOPE_DATABASE_URL, or a throwaway cluster), 60 workers by default, each session
// made on one instance and streamed from every instance: each stream must equal the stored log.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { callApi, createStats, openSessionStream, readPercentile } from "./load-client.mjs";
import { readCpuSeconds, readMemory, readSchedule, startServerGroup } from "./load-server.mjs";
import { runSessionListCase } from "./load-sessions.mjs";

const root = path.resolve(import.meta.dirname, "..");
const { instances: INSTANCES, database: DATABASE } = readArguments(process.argv.slice(2));
const WORKERS = Number(process.env.LOAD_SESSIONS || (INSTANCES > 1 ? 60 : 20));
const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const PORT = Number(process.env.LOAD_PORT || 3125);
/** `lessons`, `sessions` (the 10,000-session list, scripts/load-sessions.mjs), or both (the default). */
const CASE = process.env.LOAD_CASE || "all";
const RUN_LIMIT_MS = 120_000;
const RUN_ENDS = new Set(["run.finished", "run.failed", "run.interrupted"]);
const WIRES = ["anthropic", "openai-chat", "openai-responses"];
const MESSAGES = [
  "What is in notes/todo.md?",
  "List the files in notes/",
  "What is the weather in Paris?",
  "Run the slow task with 4 steps",
  "Read README.md",
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-load-"));
const token = crypto.randomBytes(24).toString("base64url");
const stats = createStats();
const ends = {};
/** Runs that did not finish, by lesson: the lessons that inject faults fail on purpose. */
const endsByLesson = {};
const sessions = [];
let lessons = [];
let rssPeakSampled = 0;

/** Carries one run to its end, approving calls and answering manual tools as they wait. */
async function driveRun(server, stream, sessionId, runId) {
  let lastPause = -1;
  for (;;) {
    const event = await stream.waitFor(
      (e) => e.runId === runId && (RUN_ENDS.has(e.kind) || (e.kind === "run.paused" && e.seq > lastPause)),
    );
    if (RUN_ENDS.has(event.kind)) return event.kind;
    lastPause = event.seq;
    const calls = `/api/sessions/${sessionId}/calls/${event.callId}`;
    if (event.reason === "approval")
      await callApi(server, stats, "POST", `${calls}/decision`, { body: { decision: "approve" } });
    else if (event.reason === "manual-result")
      await callApi(server, stats, "POST", `${calls}/result`, { body: { content: "Done." } });
    else
      await callApi(server, stats, "POST", `/api/sessions/${sessionId}/control`, {
        body: { action: "continue" },
      });
  }
}

/** Compares the session's stream with its stored log, and its runs with the ids it was given. */
async function verifySession(server, session) {
  const { json } = await callApi(server, stats, "GET", `/api/sessions/${session.id}`);
  // Another instance's stream may still be catching up with the last commit: give it a moment.
  if (json) {
    stats.logged = (stats.logged ?? 0) + json.events.length;
    const last = json.events.length - 1;
    const patience = new Promise((resolve) => setTimeout(resolve, 10_000));
    await Promise.race([
      Promise.all(session.streams.map((other) => other.waitFor((e) => e.seq === last))),
      patience,
    ]);
  }
  for (const [index, stream] of [session.stream, ...session.streams].entries())
    if (json && JSON.stringify(json.events) !== JSON.stringify(stream.received))
      stats.violations.push(
        `${session.id}: stream ${index} (${stream.received.length}) differs from the log (${json.events.length})`,
      );
  for (const other of session.streams) other.close();
  for (const event of session.stream.received)
    if (event.runId !== undefined && !session.runIds.includes(event.runId))
      stats.violations.push(`${session.id}: run ${event.runId} is not one of its own`);
  session.stream.close();
}

/** One worker: sessions one after another until the deadline, each run to its end. */
async function runWorker(servers, slot, deadline) {
  const server = servers[slot % servers.length];
  const others = servers.filter((instance) => instance !== server);
  for (let round = 0; Date.now() < deadline; round++) {
    const lesson = lessons.length > 0 ? lessons[(slot + round * WORKERS) % lessons.length] : null;
    const body = lesson
      ? { scenario: lesson }
      : {
          title: `load ${slot}.${round}`,
          provider: { kind: "offline", wire: WIRES[(slot + round) % WIRES.length] },
        };
    const created = await callApi(server, stats, "POST", "/api/sessions", { body });
    if (created.status !== 201) return;
    // Every instance streams the session; the run is driven on the one that made it.
    const streams = await Promise.all(
      others.map((instance) => openSessionStream(instance, stats, created.json.id)),
    );
    const session = {
      id: created.json.id,
      runIds: [],
      stream: await openSessionStream(server, stats, created.json.id),
      streams,
    };
    sessions.push(session);
    for (let step = 0; Date.now() < deadline && (lesson || step < 3); step++) {
      const text = lesson ? undefined : MESSAGES[(slot + round + step) % MESSAGES.length];
      const sent = await callApi(server, stats, "POST", `/api/sessions/${session.id}/messages`, {
        body: text === undefined ? {} : { text },
        ok: lesson ? [202, 409] : [202],
      });
      if (sent.status !== 202) break; // 409: the lesson's script is done.
      session.runIds.push(sent.json.runId);
      const limit = new Promise((resolve) => setTimeout(resolve, RUN_LIMIT_MS, "no end"));
      const end = await Promise.race([driveRun(server, session.stream, session.id, sent.json.runId), limit]);
      if (end === "no end")
        stats.violations.push(`${session.id}: run ${sent.json.runId} did not end in time`);
      ends[end] = (ends[end] ?? 0) + 1;
      const byLesson = `${lesson ?? "ordinary"} ${end}`;
      if (end !== "run.finished") endsByLesson[byLesson] = (endsByLesson[byLesson] ?? 0) + 1;
    }
    await verifySession(server, session);
  }
}

/** Loads every route the load uses once (a production server loads a route on its first hit), uncounted. */
async function warmUp(server) {
  const quiet = createStats();
  const { json } = await callApi(server, quiet, "POST", "/api/sessions", { body: { title: "warm-up" } });
  if (!json?.id) throw new Error(`the warm-up could not create a session: ${quiet.failures.join("; ")}`);
  const stream = await openSessionStream(server, quiet, json.id);
  const sent = await callApi(server, quiet, "POST", `/api/sessions/${json.id}/messages`, {
    body: { text: MESSAGES[0] },
  });
  await stream.waitFor((e) => e.runId === sent.json.runId && RUN_ENDS.has(e.kind));
  await callApi(server, quiet, "GET", `/api/sessions/${json.id}`);
  await callApi(server, quiet, "POST", `/api/sessions/${json.id}/control`, {
    body: { action: "pause" },
    ok: [409],
  });
  stream.close();
  if (quiet.failures.length + quiet.violations.length > 0)
    throw new Error(`the warm-up failed: ${[...quiet.failures, ...quiet.violations].join("; ")}`);
}

function formatMb(bytes) {
  return bytes ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : "n/a";
}

function printTable(rows) {
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n| ${"measure".padEnd(width)} | value |\n|${"-".repeat(width + 2)}|-------|`);
  for (const [name, value] of rows) console.log(`| ${name.padEnd(width)} | ${value} |`);
}

/** The lessons case: WORKERS workers for SECONDS, then the table. */
async function runLessonCase() {
  const database = DATABASE === "postgres" ? await openPostgres() : null;
  const servers = [];
  const stop = async () => {
    await Promise.all(servers.map((instance) => instance.stop()));
    database?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other: the first one builds when the build is stale.
    for (let index = 0; index < INSTANCES; index++) {
      const instanceDir = path.join(dataDir, `instance-${index}`);
      const env = database ? { TOOLSCOPE_DATABASE_URL: database.url } : {};
      const launched = await startServerGroup({ root, port: PORT + index, dataDir: instanceDir, token, env });
      servers.push({ ...launched, token });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const server = servers[0];
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));
  try {
    const listed = await callApi(server, createStats(), "GET", "/api/scenarios", { ok: [200, 404] });
    lessons = listed.status === 200 ? listed.json.scenarios.map((s) => s.id) : [];
    await warmUp(server);
    const rssStart = readMemory(server.serverPid, "VmRSS");
    const cpuStart = readCpuSeconds(server.serverPid);
    const scheduleStart = readSchedule(server.serverPid);
    const sampler = setInterval(() => {
      rssPeakSampled = Math.max(rssPeakSampled, readMemory(server.serverPid, "VmRSS") ?? 0);
    }, 250);
    const started = Date.now();
    await Promise.all(
      Array.from({ length: WORKERS }, (_, slot) => runWorker(servers, slot, started + SECONDS * 1000)),
    );
    const elapsed = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const peak = readMemory(server.serverPid, "VmHWM");
    const cpu = readCpuSeconds(server.serverPid) - cpuStart;
    const scheduleEnd = readSchedule(server.serverPid);
    const ms = (values, p) => `${readPercentile(values, p).toFixed(1)} ms`;
    printTable([
      ["mode", lessons.length > 0 ? `lessons (${lessons.length})` : "ordinary sessions (no lessons yet)"],
      [
        "instances / database",
        `${INSTANCES} / ${DATABASE}${INSTANCES > 1 ? " (every session streamed from each)" : ""}`,
      ],
      ["events appended", `${stats.logged ?? 0} (${((stats.logged ?? 0) / elapsed).toFixed(0)} events/s)`],
      ["workers × duration", `${WORKERS} × ${SECONDS} s (ran ${elapsed.toFixed(1)} s)`],
      ["sessions / runs", `${sessions.length} / ${Object.values(ends).reduce((a, b) => a + b, 0)}`],
      [
        "run ends",
        Object.entries(ends)
          .map(([kind, n]) => `${kind} ${n}`)
          .join(", "),
      ],
      [
        "  not finished, by lesson",
        Object.entries(endsByLesson)
          .map(([key, n]) => `${key} ${n}`)
          .join(", ") || "none",
      ],
      ["events received on streams", `${stats.events} (${(stats.events / elapsed).toFixed(0)} events/s)`],
      ["requests / failed", `${stats.requests} / ${stats.failures.length}`],
      ["  busy answers (503) sent again after Retry-After", String(stats.busyRetries)],
      ["request latency p50 / p99", `${ms(stats.latencies, 50)} / ${ms(stats.latencies, 99)}`],
      ["append→receipt p50 / p99", `${ms(stats.relayLags, 50)} / ${ms(stats.relayLags, 99)}`],
      ...Object.entries(stats.byRoute)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([route, values]) => [
          `  ${route} (${values.length}) p50 / p99`,
          `${ms(values, 50)} / ${ms(values, 99)}`,
        ]),
      ["isolation / seq / log violations", String(stats.violations.length)],
      [
        "server CPU",
        `${cpu.toFixed(1)} s (${((cpu / elapsed) * 100).toFixed(0)}% of one core; ${(stats.events / cpu).toFixed(0)} events per CPU-second)`,
      ],
      [
        "server JS thread: on a CPU / waiting for one",
        scheduleStart && scheduleEnd
          ? `${(scheduleEnd.running - scheduleStart.running).toFixed(1)} s / ${(scheduleEnd.waiting - scheduleStart.waiting).toFixed(1)} s`
          : "n/a",
      ],
      [
        "server errors logged",
        String(
          servers.reduce((n, instance) => n + (instance.output().match(/^toolscope: .*$/gm) ?? []).length, 0),
        ),
      ],
      ["machine load average (1 min)", `${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`],
      ["server RSS at start", formatMb(rssStart)],
      ["server RSS peak (VmHWM)", `${formatMb(peak)} (sampled max ${formatMb(rssPeakSampled)})`],
    ]);
    for (const line of [...stats.failures, ...stats.violations].slice(0, 20)) console.log(`  ! ${line}`);
    process.exitCode = stats.failures.length + stats.violations.length > 0 ? 1 : 0;
  } finally {
    await stop();
  }
}

/** `--instances N` (default 1) and `--database sqlite|postgres` (default sqlite). */
function readArguments(argv) {
  const value = (name) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const instances = Number(value("--instances") ?? 1);
  const database = value("--database") ?? "sqlite";
  if (!Number.isInteger(instances) || instances < 1)
    throw new Error("--instances must be a whole number from 1");
  if (!["sqlite", "postgres"].includes(database)) throw new Error("--database must be sqlite or postgres");
  if (instances > 1 && database !== "postgres")
    throw new Error("several instances share one database only on Postgres: add --database postgres");
  return { instances, database };
}

/** TOOLSCOPE_DATABASE_URL's database (give an empty one), or a throwaway cluster's. */
async function openPostgres() {
  if (process.env.TOOLSCOPE_DATABASE_URL) return { url: process.env.TOOLSCOPE_DATABASE_URL, stop() {} };
  const { findPostgres, startTestPostgres } = await import("../lib/store/testing/postgres-cluster.mjs");
  const bin = findPostgres();
  if (!bin) throw new Error("no Postgres binaries found: install postgresql or set TOOLSCOPE_DATABASE_URL");
  const cluster = startTestPostgres(bin);
  return { url: await cluster.createDatabase(), stop: () => cluster.stop() };
}

if (CASE !== "sessions") await runLessonCase();
else fs.rmSync(dataDir, { recursive: true, force: true });
if (CASE !== "lessons" && INSTANCES === 1) {
  console.log(`\nThe session list over a ${process.env.LOAD_STORE || "10000"}-session store:`);
  const { rows, problems } = await runSessionListCase({ root, port: PORT });
  printTable(rows);
  for (const line of problems.slice(0, 20)) console.log(`  ! ${line}`);
  if (problems.length > 0) process.exitCode = 1;
}

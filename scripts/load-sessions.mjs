// `npm run load`'s session-list case (LOAD_CASE=sessions runs it alone): a store of LOAD_STORE
// (10,000) sessions, each a copy of one real session with a finished run, made fast — the server
// creates the first through the API, then the copies go straight into its SQLite file (every
// column the app's migrations made, ids rewritten inside the events) — and the server started
// again on it. Measures `GET /api/sessions` page by page (limit 100, following nextCursor through
// the whole store, then at LOAD_RPS = 200 requests/s, open loop, for LOAD_LIST_SECONDS = 10),
// and `GET /api/health` sampled 10 times a second while that load runs. Prints median and p95.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { callApi, createStats, openSessionStream, readPercentile } from "./load-client.mjs";
import { readMemory, startServerGroup } from "./load-server.mjs";

const STORE = Number(process.env.LOAD_STORE || 10_000);
const RPS = Number(process.env.LOAD_RPS || 200);
const SECONDS = Number(process.env.LOAD_LIST_SECONDS || 10);

/** Sends one message in a new session and waits for its run to end: the template of every copy. */
export async function createTemplate(server, stats) {
  const { json } = await callApi(server, stats, "POST", "/api/sessions", {
    body: { title: "load template" },
  });
  const stream = await openSessionStream(server, stats, json.id);
  const sent = await callApi(server, stats, "POST", `/api/sessions/${json.id}/messages`, {
    body: { text: "What is in notes/todo.md?" },
  });
  await stream.waitFor((e) => e.runId === sent.json.runId && e.kind === "run.finished");
  stream.close();
  return json.id;
}

/** Copies the template session `count - 1` times in one transaction: new ids, spread-out times. */
export function copySessions(dataDir, templateId, count) {
  const db = new Database(path.join(dataDir, "toolscope.sqlite"));
  const columns = db
    .prepare("PRAGMA table_info(sessions)")
    .all()
    .map((column) => column.name);
  const others = columns.filter((name) => !["id", "title", "created_at"].includes(name));
  const copySession = db.prepare(
    `INSERT INTO sessions (id, title, created_at${others.map((c) => `, ${c}`).join("")})
     SELECT ?, ?, created_at - ?${others.map((c) => `, ${c}`).join("")} FROM sessions WHERE id = ?`,
  );
  const copyEvents = db.prepare(
    `INSERT INTO events (session_id, seq, at, kind, body)
     SELECT ?, seq, at, kind, replace(body, ?, ?) FROM events WHERE session_id = ?`,
  );
  const started = performance.now();
  db.transaction(() => {
    for (let index = 1; index < count; index++) {
      const id = `ses_load${String(index).padStart(8, "0")}`;
      copySession.run(id, `load copy ${index}`, index * 1000, templateId);
      copyEvents.run(id, templateId, id, templateId);
    }
  })();
  const events = db.prepare("SELECT count(*) FROM events").pluck().get();
  db.close();
  return { ms: performance.now() - started, events };
}

/** Every page of the list, in order, following nextCursor; the latency of each. */
async function walkPages(server, stats) {
  const latencies = [];
  let cursor;
  let seen = 0;
  do {
    const started = performance.now();
    const query = cursor === undefined ? "" : `&cursor=${encodeURIComponent(cursor)}`;
    const { json } = await callApi(server, stats, "GET", `/api/sessions?limit=100${query}`);
    latencies.push(performance.now() - started);
    seen += json?.sessions?.length ?? 0;
    cursor = json?.nextCursor;
  } while (cursor !== undefined);
  return { latencies, seen };
}

/**
 * `RPS` list requests a second (first pages and pages deep in the store), open loop, with health
 * sampled. A 503 is the server turning a request away past its in-flight bound
 * (lib/server/admission-core.mjs): counted apart, as shed, not as a failure.
 */
async function loadList(server, stats, cursors) {
  const list = [];
  const shed = [];
  const health = [];
  const pending = [];
  const timed = (route, ok, into) => {
    const started = performance.now();
    const request = callApi(server, stats, "GET", route, { ok }).then(({ status }) =>
      (status === 503 ? shed : into).push(performance.now() - started),
    );
    pending.push(request);
  };
  const perTick = RPS / 10;
  let tick = 0;
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      for (let i = 0; i < perTick; i++) {
        const cursor = cursors[(tick * perTick + i) % cursors.length];
        const route = `/api/sessions?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        timed(route, [200, 503], list);
      }
      timed("/api/health", [200], health);
      if (++tick >= SECONDS * 10) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
  });
  await Promise.all(pending);
  return { list, shed, health };
}

const ms = (values, p) => `${readPercentile(values, p).toFixed(1)} ms`;

/** Runs the case on its own server and data dir; returns the rows of its table and its problems. */
export async function runSessionListCase({ root, port }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-load-list-"));
  const token = crypto.randomBytes(24).toString("base64url");
  const stats = createStats();
  try {
    let server = { ...(await startServerGroup({ root, port, dataDir, token })), token };
    const templateId = await createTemplate(server, stats);
    await server.stop();
    const copied = copySessions(dataDir, templateId, STORE);
    server = { ...(await startServerGroup({ root, port, dataDir, token })), token };
    try {
      await callApi(server, createStats(), "GET", "/api/sessions?limit=1"); // loads the route
      const idle = await walkPages(server, stats);
      const cursors = [undefined];
      for (let cursor, i = 0; i < 20; i++) {
        const query = cursor === undefined ? "" : `&cursor=${encodeURIComponent(cursor)}`;
        const { json } = await callApi(server, stats, "GET", `/api/sessions?limit=500${query}`);
        cursor = json?.nextCursor;
        if (cursor === undefined) break;
        cursors.push(cursor);
      }
      const loaded = await loadList(server, stats, cursors);
      const rows = [
        [
          "store",
          `${STORE} sessions, ${copied.events} events (copied in ${(copied.ms / 1000).toFixed(1)} s)`,
        ],
        [
          `GET /api/sessions, ${idle.latencies.length} pages of 100, idle: median / p95`,
          `${ms(idle.latencies, 50)} / ${ms(idle.latencies, 95)}`,
        ],
        ["  sessions seen walking every page", String(idle.seen)],
        [
          `GET /api/sessions at ${RPS} req/s for ${SECONDS} s: answered 200 (${loaded.list.length}), median / p95`,
          `${ms(loaded.list, 50)} / ${ms(loaded.list, 95)}`,
        ],
        [
          `  turned away with 503, busy (${loaded.shed.length}): median`,
          loaded.shed.length ? ms(loaded.shed, 50) : "none",
        ],
        [
          `GET /api/health during that (${loaded.health.length}): median / p95 / max`,
          `${ms(loaded.health, 50)} / ${ms(loaded.health, 95)} / ${ms(loaded.health, 100)}`,
        ],
        ["requests / failed", `${stats.requests} / ${stats.failures.length}`],
        [
          "server RSS peak (VmHWM)",
          `${((readMemory(server.serverPid, "VmHWM") ?? 0) / 1024 / 1024).toFixed(0)} MB`,
        ],
      ];
      const problems = [...stats.failures];
      if (idle.seen !== STORE) problems.push(`walking the pages saw ${idle.seen} sessions, not ${STORE}`);
      return { rows, problems };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

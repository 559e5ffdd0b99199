/**
 * A session's own redaction patterns (`policy.redact`) rewrite string values only: a pattern
 * that spells a field name (`^unified$`, `^text$`, `^callId$`) or a discriminant (`^kind$`,
 * `^text$`, `^toolResult$`) leaves every event's shape whole, so the run ends normally, every
 * route keeps answering, and a restart recovers. A log that is broken anyway (written before
 * this held) is skipped by start-up recovery with a line saying so, not a failed start.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { failCrashedRun } from "@/lib/agent/recover";
import { startMessageRun } from "@/lib/agent/runs";
import type { Runtime } from "@/lib/agent/runtime";
import { createSession } from "@/lib/agent/sessions";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { parseServerConfig } from "@/lib/server/config";
import { createServerRuntime, setRuntime } from "@/lib/server/runtime";
import { openDatabase } from "@/lib/store/db";
import { REDACTED } from "@/lib/store/redact";
import { deriveRunState } from "@/lib/trace/status";
import { GET as listSessions } from "./sessions/route";
import { DELETE as deleteSession, GET as getSession } from "./sessions/[id]/route";
import { GET as getTranscript } from "./sessions/[id]/transcript/route";

const dirs: string[] = [];
afterEach(() => {
  setRuntime(undefined);
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function openRuntime(dataDir: string): Runtime {
  const config = parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_TOKEN: "test-token-0123456789" });
  const runtime = createServerRuntime(config, createVirtualClock(1_700_000_000_000, { autoAdvance: true }));
  setRuntime(runtime);
  return runtime;
}

function freshDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-shape-"));
  dirs.push(dir);
  return dir;
}

const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });
const get = (url: string) => new Request(`http://127.0.0.1:3000${url}`);

/** Every object key anywhere in `value`. */
function listKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(listKeys);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => [key, ...listKeys(item)]);
}

describe("a session redaction pattern that spells a field name or a discriminant", () => {
  it.each(["^unified$", "^kind$", "^text$", "^callId$", "^toolResult$", "^tool\\.result$", "^user$"])(
    "%s leaves every event whole: the run finishes, the routes answer, a restart recovers",
    async (pattern) => {
      const dataDir = freshDir();
      const runtime = openRuntime(dataDir);
      const created = createSession(runtime, { policy: { redact: [pattern] } });
      if (!created.ok) throw new Error(created.problem.error);
      const id = created.value.id;
      const started = startMessageRun(runtime, id, "What is in notes/todo.md?");
      expect(started.ok).toBe(true);
      await runtime.runs.get(id)?.done;

      const events = runtime.store.events(id);
      expect(deriveRunState(events).status).toBe("finished");
      expect(events.map((event) => typeof event.kind)).toEqual(events.map(() => "string"));
      expect(listKeys(events).filter((key) => key.includes(REDACTED))).toEqual([]);
      const results = events.filter((event) => event.kind === "tool.result");
      expect(results.length).toBeGreaterThan(0);

      const restarted = openRuntime(dataDir);
      expect(restarted.store.events(id)).toEqual(events);
      expect((await listSessions(get("/api/sessions"))).status).toBe(200);
      expect((await getSession(get(`/api/sessions/${id}`), params({ id }))).status).toBe(200);
      for (const format of ["anthropic", "openai-chat", "openai-responses", "unified"]) {
        const url = `/api/sessions/${id}/transcript?format=${format}`;
        expect((await getTranscript(get(url), params({ id }))).status).toBe(200);
      }
      expect((await deleteSession(get(`/api/sessions/${id}`), params({ id }))).status).toBe(204);
    },
  );

  it("still redacts the values it matches", async () => {
    const runtime = openRuntime(freshDir());
    const created = createSession(runtime, { policy: { redact: ["TODO[a-z ]*"] } });
    if (!created.ok) throw new Error(created.problem.error);
    startMessageRun(runtime, created.value.id, "What is in notes/todo.md? TODO keep this out");
    await runtime.runs.get(created.value.id)?.done;
    const text = JSON.stringify(runtime.store.events(created.value.id));
    expect(text).not.toContain("TODO keep");
    expect(text).toContain(REDACTED);
  });
});

describe("a log that is broken anyway", () => {
  /** A session whose live run has a turn without its `unified` message (keys renamed on disk). */
  function plantBrokenSession(dataDir: string): string {
    const runtime = openRuntime(dataDir);
    const created = createSession(runtime, {});
    if (!created.ok) throw new Error(created.problem.error);
    const id = created.value.id;
    runtime.store.append(id, { kind: "user.message", turn: 1, text: "hi" });
    runtime.store.append(id, { kind: "run.started", runId: "run_x", trigger: "message" });
    const db = openDatabase(dataDir);
    const seq = runtime.store.events(id).length;
    const body = { seq, at: 1, sessionId: id, kind: "turn.completed", turn: 1, [REDACTED]: {} };
    db.prepare("INSERT INTO events (session_id, seq, at, kind, body) VALUES (?, ?, 1, ?, ?)").run(
      id,
      seq,
      "turn.completed",
      JSON.stringify(body),
    );
    db.close();
    return id;
  }

  it("is skipped by start-up recovery, which says so, and the server starts", async () => {
    const dataDir = freshDir();
    const id = plantBrokenSession(dataDir);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const runtime = openRuntime(dataDir);
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringContaining(`could not recover session ${id}`),
    ]);
    expect(runtime.store.getSession(id)?.status).toBe("running");
    expect((await listSessions(get("/api/sessions"))).status).toBe(200);
    expect((await deleteSession(get(`/api/sessions/${id}`), params({ id }))).status).toBe(204);
  });

  it("ends a run whose loop crashed with run.failed, even when its open calls cannot be read", () => {
    const dataDir = freshDir();
    const id = plantBrokenSession(dataDir);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const runtime = openRuntime(dataDir);
    failCrashedRun(runtime.store, id, "run_x", new Error("boom"));
    const last = runtime.store.events(id).at(-1);
    expect(last).toMatchObject({
      kind: "run.failed",
      runId: "run_x",
      error: "the run crashed: boom",
      syntheticResults: [],
    });
    failCrashedRun(runtime.store, id, "run_x", new Error("again"));
    expect(runtime.store.events(id).at(-1)).toEqual(last);
  });
});

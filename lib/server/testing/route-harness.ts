/**
 * Calls the app's route handlers directly, as Next.js does, against a runtime on a fresh data dir
 * that already holds a finished offline run (so `[id]` and `[callId]` name real things), and
 * snapshots everything a request could change. Test-only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { vi } from "vitest";
import { startMessageRun } from "@/lib/agent/runs";
import type { Runtime } from "@/lib/agent/runtime";
import { createSession } from "@/lib/agent/sessions";
import type { Clock } from "@/lib/clock/types";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { loadServerConfig, resetServerConfigCache } from "@/lib/server/config";
import { resetKeyStoreCache } from "@/lib/server/keys";
import { createServerRuntime, setRuntime } from "@/lib/server/runtime";
import { resetTokenCache } from "@/lib/server/token";
import type { TraceEvent } from "@/lib/trace/events";
import type { ApiRoute, HttpMethod } from "./route-table";

export const HARNESS_TOKEN = "route-harness-token-0123456789abcdef";

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response> | Response;

/** A runtime with one finished run in it, installed as the process-wide runtime. */
export interface RouteFixture {
  runtime: Runtime;
  dataDir: string;
  sessionId: string;
  /** The id of a tool call in that run. */
  callId: string;
  /** Values for every dynamic segment (`id`, `callId`). */
  params: Record<string, string>;
  close(): void;
}

/**
 * Opens the fixture: stubs the environment the routes read (`TOOLSCOPE_DATA_DIR`, the token,
 * `env`'s extra variables), creates the runtime, and runs `message` to its end offline. Time is
 * a virtual clock whose sleeps end at once unless `clock` is given (a real MCP server's calls
 * need real time: their time limit would end them at once).
 */
export async function openRouteFixture(
  env: Record<string, string> = {},
  message = "What is in notes/todo.md?",
  clock: Clock = createVirtualClock(1_700_000_000_000, { autoAdvance: true }),
): Promise<RouteFixture> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-routes-"));
  vi.stubEnv("TOOLSCOPE_DATA_DIR", dataDir);
  vi.stubEnv("TOOLSCOPE_TOKEN", HARNESS_TOKEN);
  vi.stubEnv("ANTHROPIC_API_KEY", "");
  vi.stubEnv("OPENAI_API_KEY", "");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  resetServerConfigCache();
  resetTokenCache();
  resetKeyStoreCache();
  const runtime = createServerRuntime(loadServerConfig(), clock);
  setRuntime(runtime);
  const created = createSession(runtime, {});
  if (!created.ok) throw new Error(created.problem.error);
  const sessionId = created.value.id;
  const started = startMessageRun(runtime, sessionId, message);
  if (!started.ok) throw new Error(started.problem.error);
  await runtime.runs.get(sessionId)?.done;
  const call = runtime.store.events(sessionId).find((event) => event.kind === "tool.result");
  const callId = call?.kind === "tool.result" ? call.callId : "call_none";
  return {
    runtime,
    dataDir,
    sessionId,
    callId,
    // `turn` for the routes of one request (`/api/sessions/[id]/requests/[turn]/…`).
    params: { id: sessionId, callId, turn: "1" },
    close() {
      setRuntime(undefined);
      vi.unstubAllEnvs();
      resetServerConfigCache();
      resetTokenCache();
      resetKeyStoreCache();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Everything a request may change: sessions, every event, live runs, the files of the data dir but the database's. */
export interface StateSnapshot {
  sessions: unknown[];
  events: Record<string, TraceEvent[]>;
  liveRuns: string[];
  files: Record<string, string>;
}

export function snapshotState(fixture: RouteFixture): StateSnapshot {
  const sessions = fixture.runtime.store.listSessions();
  const files: Record<string, string> = {};
  for (const name of fs.readdirSync(fixture.dataDir).sort())
    if (!/\.(db|sqlite)(-wal|-shm|-journal)?$/.test(name))
      files[name] = fs.readFileSync(path.join(fixture.dataDir, name), "utf8");
  return {
    sessions,
    events: Object.fromEntries(
      sessions.map((session) => [session.id, fixture.runtime.store.events(session.id)]),
    ),
    liveRuns: [...fixture.runtime.runs.keys()],
    files,
  };
}

/** Calls one route's handler for `method` with `params`, as Next.js would after the proxy. */
export async function callRoute(
  route: Pick<ApiRoute, "file" | "pattern">,
  method: HttpMethod,
  init: { url: string; params: Record<string, string>; headers?: HeadersInit; body?: BodyInit | null },
): Promise<Response> {
  const routeModule = (await import(/* @vite-ignore */ route.file)) as Partial<Record<HttpMethod, Handler>>;
  const handler = routeModule[method];
  if (!handler) throw new Error(`${route.pattern} exports no ${method}`);
  const request = new Request(`http://127.0.0.1:3000${init.url}`, {
    method,
    headers: init.headers,
    body: init.body ?? null,
    ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return handler(request, { params: Promise.resolve(init.params) });
}

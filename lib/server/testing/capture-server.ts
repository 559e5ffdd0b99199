/**
 * A real HTTP server for tests of the capture endpoints, served as the production server serves
 * them: a capture `POST` by the Node-level handler (lib/server/capture-node.ts), everything else —
 * or, with `via: "next"`, everything (the route handlers `npm run dev` serves the capture with) —
 * through proxy.ts (Host, Origin, the key), then the app's own route handlers, the response
 * streamed back as Next.js streams it, so the official SDKs can be pointed at it. A client that
 * hangs up aborts the request's signal, as Next.js does. Test-only.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { expect, vi } from "vitest";
import type { Runtime } from "@/lib/agent/runtime";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { systemClock } from "@/lib/clock/system-clock";
import { proxy } from "@/proxy";
import { loadServerConfig, resetServerConfigCache } from "@/lib/server/config";
import { resetKeyStoreCache } from "@/lib/server/keys";
import { createServerRuntime, setRuntime } from "@/lib/server/runtime";
import { resetTokenCache } from "@/lib/server/token";
import * as anthropicRoute from "@/app/capture/anthropic/[[...path]]/route";
import * as openaiRoute from "@/app/capture/openai/[[...path]]/route";
import * as captureApi from "@/app/api/capture/route";
import { handleCaptureRequest } from "@/lib/server/capture-node";

export const CAPTURE_TOKEN = "capture-token-0123456789abcdef";

export interface CaptureServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  runtime: Runtime;
  dataDir: string;
  /** Everything the server would have printed (console output), to check for the token. */
  output: string[];
  /** How many requests each way served: the Node-level handler, or proxy.ts and the routes. */
  served: { node: number; next: number };
  /** A restart of the server process: a new runtime on the same data dir (its in-memory state gone). */
  restart(): void;
  close(): Promise<void>;
}

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, unknown>> },
) => Response | Promise<Response>;

function route(
  pathname: string,
): { handlers: Partial<Record<string, Handler>>; params: Record<string, unknown> } | null {
  const match = /^\/capture\/(anthropic|openai)(\/.*)?$/.exec(pathname);
  if (match) {
    const segments = (match[2] ?? "")
      .split("/")
      .filter((segment) => segment !== "")
      .map(decodeURIComponent);
    const handlers = (match[1] === "anthropic" ? anthropicRoute : openaiRoute) as unknown as Record<
      string,
      Handler
    >;
    return { handlers, params: segments.length > 0 ? { path: segments } : {} };
  }
  if (pathname === "/api/capture")
    return { handlers: captureApi as unknown as Record<string, Handler>, params: {} };
  return null;
}

async function serve(incoming: http.IncomingMessage, outgoing: http.ServerResponse): Promise<void> {
  const controller = new AbortController();
  outgoing.on("close", () => {
    if (!outgoing.writableFinished) controller.abort(new Error("the client hung up"));
  });
  const url = `http://${incoming.headers.host}${incoming.url}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers))
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  const method = incoming.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const body = hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : null;
  const init = { method, headers, body, signal: controller.signal, duplex: "half" } as RequestInit;
  const edge = proxy(new NextRequest(url, { method, headers }));
  let response: Response;
  if (edge.headers.get("x-middleware-next") !== "1") response = edge;
  else {
    const target = route(new URL(url).pathname);
    const handler = target?.handlers[method];
    response = handler
      ? await handler(new Request(url, init), { params: Promise.resolve(target!.params) })
      : new Response("not found", { status: 404 });
  }
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => (responseHeaders[name] = value));
  outgoing.writeHead(response.status, responseHeaders);
  if (!response.body || method === "HEAD") return void outgoing.end();
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!outgoing.write(value)) await new Promise((resolve) => outgoing.once("drain", resolve));
    }
    outgoing.end();
  } catch {
    outgoing.destroy();
  }
}

/** Which way capture requests are served: the front server's Node path (as `npm start`), or Next's routes. */
export type CaptureVia = "node" | "next";

/**
 * Starts the server on a free port of 127.0.0.1 with a fresh data dir; `env` adds variables.
 * `TOOLSCOPE_TEST_CAPTURE_VIA=next` serves every capture test through the route handlers instead.
 */
export async function startCaptureServer(
  env: Record<string, string> = {},
  { via = readVia() }: { via?: CaptureVia } = {},
): Promise<CaptureServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-capture-"));
  const output: string[] = [];
  const served = { node: 0, next: 0 };
  const server = http.createServer((incoming, outgoing) => {
    if (via === "node" && handleCaptureRequest(incoming, outgoing)) return void served.node++;
    served.next++;
    serve(incoming, outgoing).catch((error: unknown) => {
      output.push(String(error instanceof Error ? error.stack : error));
      if (!outgoing.headersSent) outgoing.writeHead(500).end(String(error));
      else outgoing.destroy();
    });
  });
  // Clients keep connections alive between requests; on a busy machine a gap can pass Node's
  // 5 s default, and a request sent on a connection the server just closed fails.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubEnv("PORT", String(port));
  vi.stubEnv("TOOLSCOPE_DATA_DIR", dataDir);
  vi.stubEnv("TOOLSCOPE_TOKEN", CAPTURE_TOKEN);
  vi.stubEnv("TOOLSCOPE_ALLOWED_HOSTS", "");
  vi.stubEnv("ANTHROPIC_API_KEY", "");
  vi.stubEnv("OPENAI_API_KEY", "");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  resetServerConfigCache();
  resetTokenCache();
  resetKeyStoreCache();
  const runtime = createServerRuntime(loadServerConfig(), systemClock);
  setRuntime(runtime);
  for (const method of ["log", "warn", "error", "info"] as const)
    vi.spyOn(console, method).mockImplementation(
      (...args: unknown[]) => void output.push(args.map(String).join(" ")),
    );
  const handle: CaptureServer = {
    origin: `http://127.0.0.1:${port}`,
    runtime,
    dataDir,
    output,
    served,
    restart() {
      resetServerConfigCache();
      resetKeyStoreCache();
      handle.runtime = createServerRuntime(loadServerConfig(), systemClock);
      setRuntime(handle.runtime);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      setRuntime(undefined);
      vi.restoreAllMocks();
      vi.unstubAllEnvs();
      resetServerConfigCache();
      resetTokenCache();
      resetKeyStoreCache();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

function readVia(): CaptureVia {
  return process.env.TOOLSCOPE_TEST_CAPTURE_VIA === "next" ? "next" : "node";
}

/** The id of the one capture session `server` recorded; fails the test when there is not exactly one. */
export function onlyCaptureSession(server: CaptureServer): string {
  const sessions = server.runtime.store.listSessions().filter((session) => session.source === "capture");
  expect(sessions).toHaveLength(1);
  return sessions[0]!.id;
}

/** The events of `kind` in a session of `server`'s log, in order. */
export function eventsOf<K extends TraceEvent["kind"]>(
  server: CaptureServer,
  sessionId: string,
  kind: K,
): EventOf<K>[] {
  return server.runtime.store.events(sessionId).filter((event): event is EventOf<K> => event.kind === kind);
}

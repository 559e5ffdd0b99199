#!/usr/bin/env node
// The HTTP server `npm start` runs: Next.js (the production build) behind a gate that refuses
// every request with a foreign Host (403) before Next sees it, and a request carrying a body
// before one byte of it is read — a foreign Host (403) or no valid
// token or cookie (401) — so an unauthenticated upload costs neither memory nor time (Next reads
// a whole body before proxy.ts sees the request). Everything else, including every refusal a
// request without a body gets, is proxy.ts's job, unchanged — except a capture POST, which past
// these gates is served outside Next (see serveCapture below). Reads HOST, PORT, TOOLSCOPE_* like
// the app (lib/server/config.ts).
import http from "node:http";
import path from "node:path";
import next from "next";
import {
  hostAllowed,
  readRevokedBefore,
  requestAuthenticated,
  splitAllowedHosts,
} from "../lib/server/auth-core.mjs";
import {
  CAPTURE_AUTH_MESSAGE,
  CAPTURE_BODY_LIMIT_BYTES,
  captureErrorBody,
  captureFamily,
  captureKeyMatches,
} from "../lib/server/capture-core.mjs";
import {
  busyMessage,
  createAdmission,
  createShedder,
  isSheddable,
  LAG_SAMPLE_MS,
  readMaxInFlight,
} from "../lib/server/admission-core.mjs";
import { WORKER_FILE } from "../lib/store/pg/worker-path.mjs";
import { ensureToken } from "./token.mjs";

// What `ps` and /proc/<pid>/comm call this process (tests and `npm run load` find it by it).
process.title = "toolscope-server";

const root = path.resolve(import.meta.dirname, "..");
const host = (process.env.TOOLSCOPE_HOST || "127.0.0.1").replace(/^\[|\]$/g, "");
const port = Number(process.env.PORT || 3000);
const dataDir = path.resolve(root, process.env.TOOLSCOPE_DATA_DIR || ".data");
const token = ensureToken(process.env.TOOLSCOPE_TOKEN?.trim() || null, dataDir);
const allowedHosts = splitAllowedHosts(process.env.TOOLSCOPE_ALLOWED_HOSTS);
const cookieDays = Number(process.env.TOOLSCOPE_COOKIE_DAYS?.trim() || 30);
const admission = createAdmission(readMaxInFlight(process.env.TOOLSCOPE_MAX_IN_FLIGHT));
const shedder = createShedder();
let lagExpected = performance.now() + LAG_SAMPLE_MS;
let lastSample = { at: performance.now(), cpu: process.cpuUsage() };
/** The share of the wall time since the last sample this process spent on a CPU. */
function readCpuShare(now = performance.now()) {
  const cpu = process.cpuUsage(lastSample.cpu);
  return (cpu.user + cpu.system) / 1000 / Math.max(1, now - lastSample.at);
}
setInterval(() => {
  const now = performance.now();
  shedder.sample(Math.max(0, now - lagExpected), readCpuShare(now));
  lagExpected = now + LAG_SAMPLE_MS;
  lastSample = { at: now, cpu: process.cpuUsage() };
}, LAG_SAMPLE_MS).unref();

/** Where instrumentation.ts puts the capture endpoints' Node-level handler (lib/server/capture-node.ts). */
const CAPTURE_HANDLER = Symbol.for("toolscope.captureHandler");

/** The header naming a capture client's own headers (lib/server/capture-http.ts reads it). */
const CLIENT_HEADERS = "x-toolscope-client-headers";

// The Postgres store's worker is loaded from the app's tree, whatever directory this was started from.
process.env.TOOLSCOPE_PG_WORKER ||= WORKER_FILE;
const app = next({ dev: false, dir: root, hostname: host, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((request, response) => {
  if (refuseMalformed(request, response)) return;
  // Before Next sees anything: Next answers a trailing slash (`/api/health/`) with a 308 of its
  // own before proxy.ts runs, so a foreign Host would learn which paths exist.
  if (refuseForeignHost(request, response)) return;
  if (hasBody(request) && refuseBeforeBody(request, response)) return;
  if (refuseWhenBusy(request, response)) return;
  markClientHeaders(request);
  if (serveCapture(request, response)) return;
  void handle(request, response);
});

/**
 * A capture `POST`, past the gates above, served on Node's request and response by the handler
 * instrumentation.ts installed (lib/server/capture-node.ts: the proxy's checks, then the capture
 * use case, each recorded chunk written straight to the socket); `false` leaves the request to
 * Next (its route handlers serve the same endpoints) — a probe, a path Next would normalize first,
 * or no handler at all.
 */
function serveCapture(request, response) {
  const handler = globalThis[CAPTURE_HANDLER];
  return typeof handler === "function" && handler(request, response) === true;
}

/**
 * On a capture request, names the headers the client itself sent (`x-toolscope-client-headers`),
 * before Next adds its own (`x-forwarded-*`, and proxy.ts's response headers, which Next copies
 * onto the request): the capture records and forwards only the client's. A client's own header of
 * that name is replaced, so it cannot widen the list.
 */
function markClientHeaders(request) {
  if (captureFamily(new URL(request.url ?? "/", "http://x").pathname) === null) return;
  const names = new Set();
  for (let index = 0; index < request.rawHeaders.length; index += 2)
    names.add(request.rawHeaders[index].toLowerCase());
  names.delete(CLIENT_HEADERS);
  request.headers[CLIENT_HEADERS] = [...names].join(",");
}

/**
 * Turns an API request away with 503 and `Retry-After: 1` while the event loop has a standing queue
 * or Next already works on as many requests as the bound allows (lib/server/admission-core.mjs),
 * so a flood costs the server almost nothing and the requests it does take, the health check
 * among them, keep answering in time. The app's own pages retry such an answer by themselves.
 */
function refuseWhenBusy(request, response) {
  const pathname = new URL(request.url ?? "/", "http://x").pathname;
  if (!isSheddable({ pathname, accept: request.headers.accept })) return false;
  const overdueMs = performance.now() - lagExpected;
  const leave = shedder.admit({ overdueMs, readCpuShare }) ? admission.enter() : null;
  if (leave === null) {
    response.setHeader("Retry-After", "1");
    return refuse(response, 503, busyMessage(admission.maxInFlight), null, { keepAlive: !hasBody(request) });
  }
  response.once("close", leave);
  return false;
}

/**
 * What Next would answer with a 500 or let through wrongly, refused first: `TRACE`, `TRACK` and
 * `CONNECT` (405), and a request with more than one `Host` header (400; Node keeps the first,
 * which a proxy in front may not have checked).
 */
function refuseMalformed(request, response) {
  if (["TRACE", "TRACK", "CONNECT"].includes(request.method ?? "")) {
    response.setHeader("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE");
    return refuse(response, 405, `The method ${request.method} is not supported.`);
  }
  let hosts = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2)
    if (request.rawHeaders[i]?.toLowerCase() === "host") hosts++;
  if (hosts > 1) return refuse(response, 400, "The request has more than one Host header.");
  return false;
}
// An idle keep-alive connection stays open for a minute, not Node's 5 s: a client that reuses one
// just as the server closes it gets a reset instead of an answer (a 30 MB capture request takes
// seconds to answer, and the client's other pooled connections idle meanwhile).
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
// A deep accept queue: under a flood the loop accepts between turns, and a connection the kernel
// drops for a full queue is retried by the client only after 1, then 3 s (TCP's SYN back-off).
server.listen({ port, host, backlog: 4096 });

/** Whether the request announces a body (a length above 0, or a chunked one). */
function hasBody(request) {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** Answers and closes any request whose Host is not ours (proxy.ts's first check, done first); `true` when it did. */
function refuseForeignHost(request, response) {
  if (hostAllowed(request.headers.host, { port, allowedHosts })) return false;
  const family = captureFamily(new URL(request.url ?? "/", "http://x").pathname);
  if (family !== null)
    return refuse(response, 403, "This Host is not allowed: add it to TOOLSCOPE_ALLOWED_HOSTS.", family);
  return refuse(
    response,
    403,
    `This Host is not allowed. Open Toolscope at http://127.0.0.1:${port}/, or add the host to TOOLSCOPE_ALLOWED_HOSTS.`,
  );
}

/** Answers and closes a request with a body that proxy.ts would refuse anyway; `true` when it did. */
function refuseBeforeBody(request, response) {
  const family = captureFamily(new URL(request.url ?? "/", "http://x").pathname);
  if (family !== null) return refuseCaptureBeforeBody(request, response, family);
  const settings = {
    token,
    port,
    nowSeconds: Math.floor(Date.now() / 1000),
    lifetimeSeconds: cookieDays * 86_400,
    revokedBefore: readRevokedBefore(dataDir),
  };
  const authenticated = requestAuthenticated(
    { authorization: request.headers.authorization, cookie: request.headers.cookie },
    settings,
  );
  if (authenticated) return false;
  return refuse(
    response,
    401,
    "Missing or wrong token. Open the URL that `npm start` printed (it ends in ?token=…), or send Authorization: Bearer <token>.",
  );
}

/**
 * The same for a capture request (`/capture/*`), in the provider's error shape: a foreign Host
 * (403), a key that is not the launch token (401; `x-api-key` or `Authorization: Bearer`), or a
 * declared length past the capture limit (413). The Origin check stays proxy.ts's.
 */
function refuseCaptureBeforeBody(request, response, family) {
  if (!hostAllowed(request.headers.host, { port, allowedHosts }))
    return refuse(response, 403, "This Host is not allowed: add it to TOOLSCOPE_ALLOWED_HOSTS.", family);
  const headers = { authorization: request.headers.authorization, apiKey: request.headers["x-api-key"] };
  if (!captureKeyMatches(headers, token)) return refuse(response, 401, CAPTURE_AUTH_MESSAGE, family);
  const length = Number(request.headers["content-length"] ?? 0);
  if (length > CAPTURE_BODY_LIMIT_BYTES)
    return refuse(
      response,
      413,
      `The request body is ${length} bytes; a capture request may be at most ${CAPTURE_BODY_LIMIT_BYTES}.`,
      family,
    );
  return false;
}

/**
 * Answers with `status` and `{ error }` (a capture family's own shape for its paths). A request
 * whose body is never read loses its connection once the answer is out; one without a body (a
 * busy GET) keeps it, since closing a socket the client may be writing to resets it, and the
 * client would see a reset instead of the answer.
 */
function refuse(response, status, error, family = null, { keepAlive = false } = {}) {
  const body = JSON.stringify(family === null ? { error } : captureErrorBody(family, status, error));
  response.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    ...(keepAlive ? {} : { Connection: "close" }),
  });
  if (keepAlive) response.end(body);
  else response.end(body, () => response.socket?.destroy());
  return true;
}

// Stop taking connections, let the runtime close its event streams (it listens for the same
// signals), then exit; whatever still holds a connection open is not waited on for long.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  });
}

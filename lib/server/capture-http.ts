import "server-only";
import { handleCapture } from "@/lib/capture/capture";
import { replyError } from "@/lib/capture/endpoints";
import type { CaptureFamily, CaptureReply, CaptureRequest } from "@/lib/capture/types";
import { readTextBody } from "./body";
import { CAPTURE_BODY_LIMIT_BYTES } from "./capture-core.mjs";
import { createUpstreamTable } from "./capture-upstreams";
import { loadServerConfig } from "./config";
import { applySecurityHeaders, SECURITY_HEADERS } from "./http";
import { getRuntime } from "./runtime";

/**
 * The HTTP side of the capture endpoints (docs/api.md, "Capture"): reading the client's request
 * (proxy.ts and scripts/server.mjs already checked Host, Origin and the key), handing it to
 * lib/capture, and sending the reply. The client's credentials are removed here, before anything
 * records or forwards the headers.
 */

/** Request headers that carry the client's credentials: never recorded, never forwarded. */
const CREDENTIAL_HEADERS = new Set(["authorization", "x-api-key", "cookie", "proxy-authorization"]);

/**
 * The front server (scripts/server.mjs) names the headers the client sent in this header, before
 * Next adds `x-forwarded-*` and copies proxy.ts's response headers onto the request.
 */
export const CLIENT_HEADERS = "x-toolscope-client-headers";

/**
 * The client's headers, lower-cased, without its credentials: only those the client sent, when
 * the front server named them (without the front server, as in tests, all of them).
 */
export function readClientHeaders(headers: Headers): Record<string, string> {
  return pickClientHeaders(headers.entries(), headers.get(CLIENT_HEADERS));
}

/**
 * {@link readClientHeaders} over `[name, value]` pairs (names unique; any case), `named` being
 * the front server's list: in the order a `Headers` lists them (by name), so a request records
 * the same object whichever adapter read it.
 */
export function pickClientHeaders(
  entries: Iterable<readonly [string, string]>,
  named: string | null,
): Record<string, string> {
  const sent = named === null ? null : new Set(named.split(","));
  const picked: [string, string][] = [];
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    if (key === CLIENT_HEADERS || CREDENTIAL_HEADERS.has(key)) continue;
    if (sent === null || sent.has(key)) picked.push([key, value]);
  }
  picked.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(picked);
}

/** The path after `/capture/<family>`, from the route's catch-all segments. */
export function readCapturePath(segments: readonly string[] | undefined): string {
  return `/${(segments ?? []).map(encodeURIComponent).join("/")}`;
}

/**
 * The headers a capture reply is sent with: its own, then `Cache-Control: no-store` and the
 * security headers, names lower-cased (as a `Response` holds them).
 */
export function readReplyHeaders(reply: CaptureReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.headers)) headers[name.toLowerCase()] = value;
  headers["cache-control"] = "no-store";
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers[name.toLowerCase()] = value;
  return headers;
}

function toResponse(reply: CaptureReply): Response {
  return new Response(reply.body, { status: reply.status, headers: readReplyHeaders(reply) });
}

/** `HEAD` / `GET` on a base URL or below it: clients probe them; an empty `200`. */
export function answerCaptureProbe(): Response {
  const response = new Response(null, {
    status: 200,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
  response.headers.set("Cache-Control", "no-store");
  applySecurityHeaders(response.headers);
  return response;
}

/**
 * The capture use case on this server's runtime and upstreams, for what either adapter (the route,
 * the Node-level handler) read off the wire.
 */
export function runCapture(read: CaptureRequest): Promise<CaptureReply> {
  const runtime = getRuntime();
  return handleCapture({ runtime, upstreams: createUpstreamTable(runtime.clock, loadServerConfig()) }, read);
}

/** `POST /capture/<family>/…`: one model request, recorded and relayed. Never a 500 for a client's input. */
export async function serveCapture(
  request: Request,
  family: CaptureFamily,
  segments: readonly string[] | undefined,
): Promise<Response> {
  const read = await readTextBody(request, { limitBytes: CAPTURE_BODY_LIMIT_BYTES });
  if (!read.ok) {
    const { error } = (await read.response.json()) as { error: string };
    return toResponse(replyError(family, read.response.status, error));
  }
  const reply = await runCapture({
    family,
    path: readCapturePath(segments),
    search: new URL(request.url).search,
    headers: readClientHeaders(request.headers),
    bodyText: read.text,
    signal: request.signal,
  });
  return toResponse(reply);
}

import "server-only";
import { handleCapture } from "@/lib/capture/capture";
import { replyError } from "@/lib/capture/endpoints";
import type { CaptureFamily, CaptureReply } from "@/lib/capture/types";
import { readTextBody } from "./body";
import { CAPTURE_BODY_LIMIT_BYTES } from "./capture-core.mjs";
import { createUpstreamTable } from "./capture-upstreams";
import { loadServerConfig } from "./config";
import { applySecurityHeaders } from "./http";
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
  const named = headers.get(CLIENT_HEADERS);
  const sent = named === null ? null : new Set(named.split(","));
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    const key = name.toLowerCase();
    if (key === CLIENT_HEADERS || CREDENTIAL_HEADERS.has(key)) return;
    if (sent === null || sent.has(key)) out[key] = value;
  });
  return out;
}

/** The path after `/capture/<family>`, from the route's catch-all segments. */
function readCapturePath(segments: readonly string[] | undefined): string {
  return `/${(segments ?? []).map(encodeURIComponent).join("/")}`;
}

function toResponse(reply: CaptureReply): Response {
  const response = new Response(reply.body, { status: reply.status, headers: reply.headers });
  response.headers.set("Cache-Control", "no-store");
  applySecurityHeaders(response.headers);
  return response;
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
  const url = new URL(request.url);
  const runtime = getRuntime();
  const reply = await handleCapture(
    { runtime, upstreams: createUpstreamTable(runtime.clock, loadServerConfig()) },
    {
      family,
      path: readCapturePath(segments),
      search: url.search,
      headers: readClientHeaders(request.headers),
      bodyText: read.text,
      signal: request.signal,
    },
  );
  return toResponse(reply);
}

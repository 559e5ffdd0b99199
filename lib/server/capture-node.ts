import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { replyError } from "@/lib/capture/endpoints";
import type { CaptureFamily, CaptureReply, RelayChunks } from "@/lib/capture/types";
import { decodeUtf8, describeTooLarge, NOT_UTF8_MESSAGE } from "./body";
import { CAPTURE_BODY_LIMIT_BYTES, captureErrorBody } from "./capture-core.mjs";
import { checkCaptureRequest } from "./capture-guard";
import {
  CLIENT_HEADERS,
  pickClientHeaders,
  readCapturePath,
  readReplyHeaders,
  runCapture,
} from "./capture-http";
import { loadServerConfig } from "./config";

/**
 * The capture endpoints served on Node's own request and response (docs/architecture.md,
 * "Capture"): the front server (scripts/server.mjs), after its gates, hands a capture `POST` here
 * instead of to Next, so each chunk the relay has committed goes straight to the socket — no
 * Web-stream adaptor, no body buffered for proxy.ts. It checks what proxy.ts checks for a capture
 * path (lib/server/capture-guard.ts) and answers as the route does (lib/server/capture-http.ts);
 * whatever it does not take (a probe, a path Next would normalize) is Next's, through the route.
 * Installed on `globalThis` by instrumentation.ts, since the front server is plain JavaScript
 * outside Next's bundle.
 */

/** Where instrumentation.ts puts {@link handleCaptureRequest} for scripts/server.mjs. */
export const CAPTURE_HANDLER_KEY = Symbol.for("toolscope.captureHandler");

/** Takes a request (`true`: it answers it) or leaves it to Next (`false`, nothing read or written). */
export type CaptureHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/** Puts {@link handleCaptureRequest} where scripts/server.mjs looks for it. */
export function installCaptureHandler(): void {
  (globalThis as { [CAPTURE_HANDLER_KEY]?: CaptureHandler })[CAPTURE_HANDLER_KEY] = handleCaptureRequest;
}

/** A capture request this path takes: its family, its path below the base URL and query string. */
export interface CaptureTarget {
  family: CaptureFamily;
  path: string;
  search: string;
}

/**
 * The capture target of `POST <url>`, or `null` when Next should have it: another method, another
 * path, or one Next would rewrite before its route saw it (a percent-escape, an empty or dot
 * segment, a trailing slash), so the two paths never disagree on what a URL means.
 */
export function readCaptureTarget(method: string | undefined, url: string | undefined): CaptureTarget | null {
  if (method !== "POST" || url === undefined) return null;
  const match = /^\/capture\/(anthropic|openai)((?:\/[^/?#%]+)*)(\?[^#]*)?$/.exec(url);
  if (!match) return null;
  const segments = (match[2] ?? "").split("/").slice(1);
  if (segments.some((segment) => segment === "." || segment === "..")) return null;
  return {
    family: match[1] as CaptureFamily,
    path: readCapturePath(segments),
    search: new URL(url, "http://capture.invalid").search,
  };
}

/** Serves `request` when it is a capture `POST` (see {@link readCaptureTarget}); `false` when not. */
export function handleCaptureRequest(request: IncomingMessage, response: ServerResponse): boolean {
  const target = readCaptureTarget(request.method, request.url);
  if (!target) return false;
  void serve(request, response, target).catch((error: unknown) => {
    // What Next does with a route that throws: logged, a bare 500 (or a cut connection mid-answer).
    console.error(error);
    if (response.headersSent) response.destroy();
    else response.writeHead(500, { "cache-control": "no-store" }).end();
  });
  return true;
}

async function serve(request: IncomingMessage, response: ServerResponse, target: CaptureTarget) {
  const { family } = target;
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const refusal = checkCaptureRequest(
    {
      method: request.method ?? "",
      host: header("host"),
      origin: header("origin"),
      authorization: header("authorization"),
      apiKey: header("x-api-key"),
    },
    loadServerConfig(),
  );
  if (refusal) {
    const body = JSON.stringify(captureErrorBody(family, refusal.status, refusal.message));
    return sendWhole(response, {
      status: refusal.status,
      headers: { "content-type": "application/json" },
      body,
    });
  }
  // Aborts when the client hangs up before its answer is out (reading, waiting or streaming).
  const controller = new AbortController();
  response.once("close", () => {
    if (!response.writableFinished) controller.abort(new Error("The client closed the request."));
  });
  const declared = header("content-length")?.trim() ?? "";
  const body =
    /^\d+$/.test(declared) && Number(declared) > CAPTURE_BODY_LIMIT_BYTES
      ? ({ kind: "too-large" } as const)
      : await readBody(request, CAPTURE_BODY_LIMIT_BYTES);
  if (body.kind === "gone") return;
  if (body.kind === "too-large")
    return sendWhole(response, replyError(family, 413, describeTooLarge(CAPTURE_BODY_LIMIT_BYTES)), {
      close: true,
    });
  if (body.text === null) return sendWhole(response, replyError(family, 400, NOT_UTF8_MESSAGE));
  const headers = Object.entries(request.headers).map(
    ([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")] as const,
  );
  const reply = await runCapture({
    ...target,
    headers: pickClientHeaders(headers, header(CLIENT_HEADERS) ?? null),
    bodyText: body.text,
    signal: controller.signal,
  });
  if (typeof reply.body === "string") return sendWhole(response, { ...reply, body: reply.body });
  await sendStream(response, reply, reply.chunks ?? readerChunks(reply.body));
}

type ReadBody = { kind: "read"; text: string | null } | { kind: "too-large" } | { kind: "gone" };

/** The request's body as UTF-8 (`null` when it is not), stopping once more than `limitBytes` arrived. */
function readBody(request: IncomingMessage, limitBytes: number): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limitBytes) {
        // The answer is 413 whatever the rest holds: stop reading; the connection closes after it.
        request.off("data", onData).pause();
        resolve({ kind: "too-large" });
        return;
      }
      chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => resolve({ kind: "read", text: decodeUtf8(Buffer.concat(chunks, total)) }));
    request.once("error", () => resolve({ kind: "gone" }));
    request.once("close", () => {
      if (!request.complete) resolve({ kind: "gone" });
    });
  });
}

/** Sends a whole reply; `close` drops the connection after it (a body left unread). */
function sendWhole(
  response: ServerResponse,
  reply: CaptureReply & { body: string },
  { close = false } = {},
): void {
  if (response.destroyed) return;
  const headers = readReplyHeaders(reply);
  // What a `Response` made of a string says of it when the reply does not.
  headers["content-type"] ??= "text/plain;charset=UTF-8";
  headers["content-length"] = String(Buffer.byteLength(reply.body));
  if (close) headers.connection = "close";
  response.writeHead(reply.status, headers);
  if (close) response.end(reply.body, () => response.socket?.destroy());
  else response.end(reply.body);
}

/**
 * Sends a streamed reply: the headers at once, then each chunk as the relay hands it over (it
 * has been recorded by then), written to the socket without Nagle's delay; the next chunk is read
 * once the socket took this one. A stream that errors (the upstream broke, the log refused a
 * chunk) cuts the connection, so the client sees the answer end short; the client hanging up
 * cancels the stream (the relay then aborts the upstream and records the cut).
 */
async function sendStream(response: ServerResponse, reply: CaptureReply, body: RelayChunks): Promise<void> {
  const cancel = () => body.cancel();
  if (response.destroyed) return cancel();
  response.once("close", cancel);
  response.socket?.setNoDelay(true);
  response.writeHead(reply.status, readReplyHeaders(reply));
  response.flushHeaders();
  try {
    for (;;) {
      const chunk = await body.read();
      if (response.destroyed) return;
      if (chunk === null) break;
      if (!response.write(chunk)) await waitForDrain(response);
    }
  } catch {
    response.destroy();
    return;
  }
  response.end();
}

/** A Web stream as {@link RelayChunks} (a reply that carries no pull source of its own). */
function readerChunks(body: ReadableStream<Uint8Array>): RelayChunks {
  const reader = body.getReader();
  return {
    read: async () => {
      const { done, value } = await reader.read();
      return done ? null : value;
    },
    cancel: () => void reader.cancel().catch(() => undefined),
  };
}

/** Resolves once `response` can take more, or is gone. */
function waitForDrain(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off("drain", done).off("close", done);
      resolve();
    };
    response.once("drain", done).once("close", done);
  });
}

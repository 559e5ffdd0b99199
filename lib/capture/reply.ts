/**
 * Sending a recorded request upstream and relaying the answer (docs/api.md, "Capture"): the
 * status and headers first (`wire.response`), then a stream chunk by chunk (its `wire.event`s
 * appended, all or none, before the chunk is passed on: wire-events.ts) or a whole body; an
 * upstream error passes through with its status and body (`wire.error`). The end is recorded by
 * `finishRequest`.
 */
import "server-only";
import { assembleCapture } from "@/lib/agent/import/sse-capture";
import { readResponseBody } from "@/lib/agent/import/response-body";
import { isRecord, parseJson } from "@/lib/agent/import/shapes";
import type { Runtime } from "@/lib/agent/runtime";
import { readErrorMessage } from "@/lib/providers/retry-wait";
import type { SseEvent } from "@/lib/protocol/sse";
import type { WireFormat } from "@/lib/protocol/unified";
import type { CacheUse } from "@/lib/trace/prompt-cache";
import { replyError } from "./endpoints";
import { finishRequest, type OpenedRequest, type RequestEnd } from "./record";
import { chunksToStream, relayChunks, type RelayEnd } from "./relay";
import { recordWireEvents } from "./wire-events";
import type { CaptureReply, CaptureRequest, Upstream } from "./types";

/** Response headers never passed on: hop-by-hop ones, and the encoding and length of a body fetch decoded. */
const DROPPED_RESPONSE_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-encoding",
  "content-length",
  "set-cookie",
]);

/** Response headers that never enter the log. */
const SECRET_HEADERS = new Set(["set-cookie", "authorization", "x-api-key", "proxy-authorization", "cookie"]);

export interface RelayContext {
  runtime: Runtime;
  upstream: Upstream;
  request: CaptureRequest;
  opened: OpenedRequest;
  format: WireFormat;
  /** What the session's prompt cache gives this request (for the offline upstream). */
  promptCache?: CacheUse;
  /** Called once the request's end is recorded (frees the session for its next request). */
  onFinished?: () => void;
}

function readHeaders(headers: Headers, drop: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!drop.has(name.toLowerCase())) out[name.toLowerCase()] = value;
  });
  return out;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

/** What a stream's events assembled to, as the end of its request. */
function readStreamEnd(context: RelayContext, events: SseEvent[], end: RelayEnd): RequestEnd {
  const { runtime, opened, format } = context;
  const capture = assembleCapture(format, events, []);
  const wireError = (source: "stream" | "transport", message: string, body: string | null) =>
    runtime.store.append(opened.track.id, {
      kind: "wire.error",
      turn: opened.turn,
      attempt: opened.attempt,
      source,
      status: null,
      message,
      body,
    });
  if (capture.error) {
    wireError("stream", capture.error.message, capture.error.body);
    return { kind: "failed", reason: `the stream carried an error: ${capture.error.message}` };
  }
  const turn = capture.response?.turn ?? null;
  if (end.kind === "client-gone")
    return { kind: "cut", turn, why: "client", reason: "the client hung up before the response ended" };
  if (end.kind === "record-failed")
    return { kind: "failed", reason: `the log refused the upstream's events: ${end.message}` };
  if (end.kind === "upstream-failed") {
    wireError("transport", `The upstream connection failed mid-stream: ${end.message}`, null);
    return { kind: "cut", turn, why: "upstream", reason: `the upstream stream was cut: ${end.message}` };
  }
  if (capture.cut || !turn || end.cutMidEvent) {
    const message = `The upstream's stream ended before its end (${events.length} events arrived).`;
    wireError("transport", message, null);
    return { kind: "cut", turn, why: "upstream", reason: "the upstream stream was cut" };
  }
  return { kind: "answered", turn };
}

/** A whole (non-streamed) 2xx body as the end of its request. */
function readBodyEnd(context: RelayContext, text: string): RequestEnd {
  const json = parseJson(text);
  if (!isRecord(json)) return { kind: "failed", reason: "the upstream's answer is not a JSON object" };
  const read = readResponseBody(json, context.format, []);
  return read.ok ? { kind: "answered", turn: read.value.turn } : { kind: "failed", reason: read.error };
}

/** Sends the request upstream and answers the client as the upstream answers (see the file comment). */
export async function relayResponse(context: RelayContext): Promise<CaptureReply> {
  const { runtime, upstream, request, opened } = context;
  const store = runtime.store;
  const sessionId = opened.track.id;
  const { turn, attempt } = opened;
  const controller = new AbortController();
  const abort = () => controller.abort(request.signal.reason);
  if (request.signal.aborted) abort();
  else request.signal.addEventListener("abort", abort, { once: true });
  const finish = (end: RequestEnd) => {
    try {
      finishRequest(runtime, opened, end, runtime.clock.now());
    } finally {
      context.onFinished?.();
    }
  };
  let response: Response;
  try {
    response = await upstream.send({
      path: request.path,
      search: request.search,
      headers: request.headers,
      body: request.bodyText,
      signal: controller.signal,
      turn,
      ...(context.promptCache ? { promptCache: context.promptCache } : {}),
    });
  } catch (error) {
    request.signal.removeEventListener("abort", abort);
    if (request.signal.aborted) {
      finish({
        kind: "cut",
        turn: null,
        why: "client",
        reason: "the client hung up before the upstream answered",
      });
      return replyError(request.family, 499, "The client closed the request.");
    }
    const message = `The upstream ${upstream.name} could not be reached: ${describeError(error)}`;
    store.append(sessionId, {
      kind: "wire.error",
      turn,
      attempt,
      source: "transport",
      status: null,
      message,
      body: null,
    });
    finish({ kind: "failed", reason: message });
    return replyError(request.family, 502, message);
  }
  const headers = readHeaders(response.headers, DROPPED_RESPONSE_HEADERS);
  headers["x-toolscope-session"] = sessionId;
  store.append(sessionId, {
    kind: "wire.response",
    turn,
    attempt,
    status: response.status,
    headers: readHeaders(response.headers, SECRET_HEADERS),
  });
  const isStream = (response.headers.get("content-type") ?? "").includes("text/event-stream");
  if (!response.ok || !isStream || !response.body) {
    const text = await response
      .text()
      .catch((error: unknown) => `(the body could not be read: ${describeError(error)})`);
    request.signal.removeEventListener("abort", abort);
    if (!response.ok) {
      const reason = readErrorMessage(text) ?? response.statusText ?? "no error message";
      const message = `HTTP ${response.status}: ${reason}`;
      store.append(sessionId, {
        kind: "wire.error",
        turn,
        attempt,
        source: "http",
        status: response.status,
        message,
        body: text,
      });
      finish({ kind: "failed", reason: message });
    } else finish(readBodyEnd(context, text));
    return { status: response.status, headers, body: text };
  }
  const events: SseEvent[] = [];
  const recorder = recordWireEvents(store, { sessionId, turn, attempt, now: () => runtime.clock.now() });
  const chunks = relayChunks({
    body: response.body,
    clientSignal: request.signal,
    abortUpstream: abort,
    onEvents(chunk) {
      recorder.record(chunk, events.length);
      for (const event of chunk) events.push(event);
    },
    onEnd(end) {
      request.signal.removeEventListener("abort", abort);
      // The last chunks' commit may have failed since (the store logged it): the run fails.
      const loss = end.kind === "record-failed" ? null : recorder.findLoss();
      finish(readStreamEnd(context, events, loss ? { kind: "record-failed", message: loss } : end));
    },
  });
  return { status: response.status, headers, body: chunksToStream(chunks), chunks };
}

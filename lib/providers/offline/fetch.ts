/**
 * A `fetch` that is the offline model: the real `@anthropic-ai/sdk` client talks to it exactly
 * as it talks to the API (`new Anthropic({ fetch: createOfflineFetch(…) })`), with no socket and
 * no key. Answers `POST …/v1/messages` only.
 */
import "server-only";
import type { Clock } from "@/lib/providers/types";
import { deriveRequestId } from "./ids";
import { parseOfflineRequest } from "./parse-request";
import { respondOffline } from "./respond";
import { encodeMessageAsSse, serializeEvent } from "./sse";
import type { OfflineToolMeta } from "./types";

export interface OfflineFetchOptions {
  /** The clock the pace runs on. */
  clock: Clock;
  /** Events per second of clock time; 0 sends every event at once. */
  pace: number;
  toolMeta?: OfflineToolMeta;
}

/** The reason to reject or error with when `signal` aborts. */
function readAbortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** A JSON response with the offline model's headers. */
function respondJson(status: number, body: unknown, requestId: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "request-id": requestId },
  });
}

/** Anthropic's error body. */
function toErrorBody(type: string, message: string) {
  return { type: "error", error: { type, message } };
}

/** The request's URL, method, body text and signal, whatever form `fetch` was called with. */
async function readRequest(input: RequestInfo | URL, init: RequestInit | undefined) {
  const request = input instanceof Request ? input : null;
  const url = new URL(request ? request.url : input.toString(), "http://offline.invalid");
  const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
  const signal = init?.signal ?? request?.signal ?? null;
  const body =
    init?.body !== undefined && init.body !== null
      ? await new Response(init.body).text()
      : request
        ? await request.text()
        : "";
  return { url, method, body, signal };
}

/** A stream of `chunks`, waiting `gapMs` of clock time between chunks, stopped by `signal`. */
function streamChunks(chunks: readonly string[], clock: Clock, gapMs: number, signal: AbortSignal | null) {
  const encoder = new TextEncoder();
  let next = 0;
  let onAbort: (() => void) | null = null;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (!signal) return;
      onAbort = () => controller.error(readAbortReason(signal));
      signal.addEventListener("abort", onAbort, { once: true });
    },
    async pull(controller) {
      if (next > 0 && gapMs > 0) await clock.sleep(gapMs, signal ?? undefined);
      if (signal?.aborted) return controller.error(readAbortReason(signal));
      const chunk = chunks[next++];
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      if (next >= chunks.length) {
        if (onAbort) signal?.removeEventListener("abort", onAbort);
        controller.close();
      }
    },
    cancel() {
      if (onAbort) signal?.removeEventListener("abort", onAbort);
    },
  });
}

/**
 * Creates the offline model's `fetch`. `POST …/v1/messages` with a valid body answers the
 * assistant message (JSON, or `text/event-stream` with one event per chunk when `stream: true`,
 * paced on `clock`); a bad body answers 400 `invalid_request_error`; anything else 404. Every
 * response carries a deterministic `request-id`. An aborted signal rejects the call or errors
 * the stream with the signal's reason.
 */
export function createOfflineFetch(options: OfflineFetchOptions): typeof fetch {
  const gapMs = options.pace > 0 ? 1000 / options.pace : 0;
  return async (input, init) => {
    const { url, method, body, signal } = await readRequest(input, init);
    if (signal?.aborted) throw readAbortReason(signal);
    const requestId = deriveRequestId(`${method} ${url.pathname}\n${body}`);
    if (method !== "POST" || !url.pathname.endsWith("/v1/messages")) {
      return respondJson(
        404,
        toErrorBody("not_found_error", `Not found: ${method} ${url.pathname}`),
        requestId,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return respondJson(
        400,
        toErrorBody("invalid_request_error", `The body is not valid JSON: ${reason}`),
        requestId,
      );
    }
    const parsed = parseOfflineRequest(json);
    if (!parsed.ok) return respondJson(400, toErrorBody("invalid_request_error", parsed.message), requestId);
    const message = respondOffline(parsed.request, { toolMeta: options.toolMeta });
    if (parsed.request.stream !== true) return respondJson(200, message, requestId);
    const chunks = encodeMessageAsSse(message).map(serializeEvent);
    return new Response(streamChunks(chunks, options.clock, gapMs, signal), {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        "request-id": requestId,
      },
    });
  };
}

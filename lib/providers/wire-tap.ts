import "server-only";
import type { Clock } from "@/lib/clock/types";
import { createSseDecoder, STRICT_DROP_NOTE, type SseEvent } from "@/lib/protocol/sse";
import { predictSdkRetry, readErrorMessage, readRetryDelay, replaceRetryHeaders } from "./retry-wait";
import type { Transport, WireTap } from "./types";

/** Response headers that never enter the log. */
const SECRET_HEADERS = new Set(["set-cookie", "authorization", "x-api-key", "proxy-authorization", "cookie"]);

export interface TappedFetchOptions {
  /** The SDK client's `maxRetries`, so the tap knows which failures the SDK retries. */
  maxRetries: number;
}

/**
 * Wraps a transport so that every attempt, response and raw SSE event is reported to `tap`
 * before the SDK reading the body can see it. Each call is one attempt (the SDK's request, then
 * each retry), numbered from 1. A non-2xx body is read and reported whole (the SDK drops the
 * body of a failure it retries). The SDKs sleep before a retry on their own timers, which cannot
 * be injected, so the tap runs that wait on `clock` and tells the SDK to wait 1 ms (a transport
 * error carries no headers to rewrite: its retry waits the SDK's own backoff, in real time). A 2xx stream
 * is decoded chunk by chunk: each completed event is reported (awaiting a returned promise
 * before the next), then the chunk is passed on; a stream that ends inside an event errors, so
 * the SDK never takes a cut stream for a finished one.
 */
export function createTappedFetch(
  inner: Transport,
  tap: WireTap,
  clock: Clock,
  options: TappedFetchOptions,
): typeof fetch {
  let attempts = 0;
  return async (input, init) => {
    const attempt = ++attempts;
    tap.onAttempt(attempt);
    let response: Response;
    try {
      response = await inner(input, init, { turn: tap.turn, attempt });
    } catch (error) {
      if (!init?.signal?.aborted)
        tap.onAttemptError({ source: "transport", status: null, message: describeError(error), body: null });
      throw error;
    }
    tap.onResponse({ status: response.status, headers: publicHeaders(response.headers) });
    if (!response.ok) return reportFailure(response, attempt, { tap, clock, options, signal: init?.signal });
    if (!response.body || !isEventStream(response)) return response;
    return tapStream(response, tap, clock);
  };
}

interface FailureContext {
  tap: WireTap;
  clock: Clock;
  options: TappedFetchOptions;
  signal: AbortSignal | null | undefined;
}

/** Reports a non-2xx attempt with its body; when the SDK will retry, waits on the clock first. */
async function reportFailure(
  response: Response,
  attempt: number,
  context: FailureContext,
): Promise<Response> {
  const body = await response.text();
  const retry = predictSdkRetry(response, attempt, context.options.maxRetries);
  const delay = retry ? readRetryDelay(response.headers, attempt, context.clock.now()) : 0;
  const reason = readErrorMessage(body) ?? (response.statusText || "no error message");
  context.tap.onAttemptError({
    source: "http",
    status: response.status,
    message: `HTTP ${response.status}${retry ? ` (the SDK retries after ${delay} ms)` : ""}: ${reason}`,
    body,
  });
  if (retry) await context.clock.sleep(delay, context.signal ?? undefined);
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: retry ? replaceRetryHeaders(response.headers) : response.headers,
  });
}

/** The response with its body teed through the SSE decoder and the tap. */
function tapStream(response: Response, tap: WireTap, clock: Clock): Response {
  const queue: SseEvent[] = [];
  const decoder = createSseDecoder((event) => queue.push(event));
  let reported = 0;
  const reportQueued = async () => {
    for (const { event, data } of queue.splice(0)) {
      reported += 1;
      const held = tap.onEvent({ event, data, receivedAt: clock.now() });
      if (held) await held;
    }
  };
  const teed = response.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        decoder.feed(chunk);
        await reportQueued();
        controller.enqueue(chunk);
      },
      async flush() {
        const notes = decoder.end();
        await reportQueued();
        if (notes.includes(STRICT_DROP_NOTE)) {
          throw new Error(
            `The stream ended in the middle of an event, after ${reported} complete events: the connection was cut.`,
          );
        }
      },
    }),
  );
  return new Response(teed, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}

function isEventStream(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").includes("text/event-stream");
}

/** The headers without those that carry secrets (cookies, keys). */
export function publicHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    if (!SECRET_HEADERS.has(key.toLowerCase())) out[key] = value;
  });
  return out;
}

import "server-only";
import { createSseDecoder } from "@/lib/protocol/sse";
import type { Clock, WireTap } from "./types";

/** Response headers that never enter the log. */
const SECRET_HEADERS = new Set(["set-cookie", "authorization", "x-api-key", "proxy-authorization", "cookie"]);

/**
 * Wraps a `fetch` so that every response and every raw SSE event is reported to `tap` before
 * the SDK reading the body can see it: each chunk is decoded first, its completed events are
 * reported synchronously, and only then is the chunk passed on.
 */
export function createTappedFetch(inner: typeof fetch, tap: WireTap, clock: Clock): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    tap.onResponse({ status: response.status, headers: publicHeaders(response.headers) });
    if (!response.body || !isEventStream(response)) return response;
    const decoder = createSseDecoder(({ event, data }) =>
      tap.onEvent({ event, data, receivedAt: clock.now() }),
    );
    const teed = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          decoder.feed(chunk);
          controller.enqueue(chunk);
        },
        flush() {
          decoder.end();
        },
      }),
    );
    return new Response(teed, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

function isEventStream(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").includes("text/event-stream");
}

export function publicHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    if (!SECRET_HEADERS.has(key.toLowerCase())) out[key] = value;
  });
  return out;
}

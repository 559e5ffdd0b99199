import { describe, expect, it } from "vitest";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { predictSdkRetry, readRetryDelay } from "./retry-wait";
import type { AttemptFailure, TappedEvent, Transport, WireTap } from "./types";
import { createTappedFetch, publicHeaders } from "./wire-tap";

interface Log {
  lines: string[];
  events: TappedEvent[];
  failures: AttemptFailure[];
}

function createTap(onEvent?: (event: TappedEvent) => void | Promise<void>): { tap: WireTap; log: Log } {
  const log: Log = { lines: [], events: [], failures: [] };
  return {
    log,
    tap: {
      turn: 3,
      onAttempt: (attempt) => log.lines.push(`attempt ${attempt}`),
      onResponse: ({ status }) => log.lines.push(`response ${status}`),
      onEvent: (event) => {
        log.lines.push(`event ${event.event}`);
        log.events.push(event);
        return onEvent?.(event);
      },
      onAttemptError: (failure) => {
        log.lines.push(`error ${failure.source} ${failure.status}`);
        log.failures.push(failure);
      },
    },
  };
}

/** A transport answering each call with the next of `responses`, recording the context it got. */
function createTransport(responses: (() => Response)[], contexts: unknown[] = []): Transport {
  let call = 0;
  return async (_input, _init, context) => {
    contexts.push(context);
    const next = responses[call++];
    if (!next) throw new Error("no more responses");
    return next();
  };
}

const createSseResponse = (chunks: string[]) => () =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  );

describe("createTappedFetch", () => {
  it("numbers attempts, tells the transport the turn and attempt, and reports a failure's body before a retry", async () => {
    const contexts: unknown[] = [];
    const clock = createVirtualClock(0, { autoAdvance: true });
    const { tap, log } = createTap();
    const fetch = createTappedFetch(
      createTransport(
        [
          () =>
            new Response('{"error":{"message":"busy"}}', { status: 503, headers: { "retry-after": "2" } }),
          createSseResponse(["event: a\ndata: 1\n\n"]),
        ],
        contexts,
      ),
      tap,
      clock,
      { maxRetries: 2 },
    );
    const first = await fetch("http://x/v1", { method: "POST" });
    expect(first.headers.get("retry-after-ms")).toBe("1");
    expect(first.headers.get("retry-after")).toBeNull();
    expect(await first.text()).toBe('{"error":{"message":"busy"}}');
    expect(clock.now()).toBe(2000);
    await (await fetch("http://x/v1", { method: "POST" })).text();
    expect(log.lines).toEqual([
      "attempt 1",
      "response 503",
      "error http 503",
      "attempt 2",
      "response 200",
      "event a",
    ]);
    expect(log.failures[0]).toEqual({
      source: "http",
      status: 503,
      message: "HTTP 503 (the SDK retries after 2000 ms): busy",
      body: '{"error":{"message":"busy"}}',
    });
    expect(contexts).toEqual([
      { turn: 3, attempt: 1 },
      { turn: 3, attempt: 2 },
    ]);
  });

  it("does not wait when the SDK will not retry (no retries left, or a 400)", async () => {
    const clock = createVirtualClock(0, { autoAdvance: true });
    const { tap, log } = createTap();
    const fetch = createTappedFetch(
      createTransport([
        () => new Response("{}", { status: 400 }),
        () => new Response("oops", { status: 500 }),
      ]),
      tap,
      clock,
      { maxRetries: 1 },
    );
    await fetch("http://x", {});
    const second = await fetch("http://x", {});
    expect(second.headers.get("retry-after-ms")).toBeNull();
    expect(clock.now()).toBe(0);
    expect(log.failures.map((f) => f.message)).toEqual([
      "HTTP 400: no error message",
      "HTTP 500: no error message",
    ]);
  });

  it("reports a transport error and rethrows it, but not an abort", async () => {
    const { tap, log } = createTap();
    const failing: Transport = async () => {
      throw new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:1") });
    };
    const fetch = createTappedFetch(failing, tap, createVirtualClock(0), { maxRetries: 0 });
    await expect(fetch("http://x", {})).rejects.toThrow("fetch failed");
    const aborted = new AbortController();
    aborted.abort();
    await expect(fetch("http://x", { signal: aborted.signal })).rejects.toThrow("fetch failed");
    expect(log.failures).toEqual([
      {
        source: "transport",
        status: null,
        message: "fetch failed: connect ECONNREFUSED 127.0.0.1:1",
        body: null,
      },
    ]);
  });

  it("holds the bytes, and the next event, until a returned promise settles", async () => {
    let release: () => void = () => {};
    const { tap, log } = createTap((event) =>
      event.event === "a" ? new Promise<void>((resolve) => (release = resolve)) : undefined,
    );
    const fetch = createTappedFetch(
      createTransport([createSseResponse(["event: a\ndata: 1\n\nevent: b\ndata: 2\n\n"])]),
      tap,
      createVirtualClock(0),
      { maxRetries: 0 },
    );
    const reader = (await fetch("http://x", {})).body!.getReader();
    const read = reader.read();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.lines.slice(-1)).toEqual(["event a"]);
    release();
    expect(new TextDecoder().decode((await read).value)).toBe("event: a\ndata: 1\n\nevent: b\ndata: 2\n\n");
    expect(log.lines.slice(-2)).toEqual(["event a", "event b"]);
  });

  it("errors a stream that ends inside an event, after reporting every whole one", async () => {
    const { tap, log } = createTap();
    const fetch = createTappedFetch(
      createTransport([createSseResponse(["event: a\ndata: 1\n\n", 'event: b\ndata: {"x'])]),
      tap,
      createVirtualClock(0),
      { maxRetries: 0 },
    );
    const response = await fetch("http://x", {});
    await expect(response.text()).rejects.toThrow(
      "The stream ended in the middle of an event, after 1 complete events: the connection was cut.",
    );
    expect(log.events.map((e) => e.event)).toEqual(["a"]);
  });

  it("keeps secrets out of the recorded headers", () => {
    expect(publicHeaders(new Headers({ "set-cookie": "s", "x-api-key": "k", "request-id": "r" }))).toEqual({
      "request-id": "r",
    });
  });
});

describe("the SDKs' retry rules", () => {
  const failure = (status: number, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers(headers),
  });

  it("retries 408, 409, 429 and 5xx while retries remain; x-should-retry decides when present", () => {
    expect(
      [408, 409, 429, 500, 529, 400, 401, 404].map((status) => predictSdkRetry(failure(status), 1, 2)),
    ).toEqual([true, true, true, true, true, false, false, false]);
    expect(predictSdkRetry(failure(500), 3, 2)).toBe(false);
    expect(predictSdkRetry(failure(400, { "x-should-retry": "true" }), 1, 2)).toBe(true);
    expect(predictSdkRetry(failure(500, { "x-should-retry": "false" }), 1, 2)).toBe(false);
  });

  it("waits retry-after-ms, else retry-after (seconds or a date), else 0.5 s doubled per retry up to 8 s", () => {
    expect(readRetryDelay(new Headers({ "retry-after-ms": "250", "retry-after": "9" }), 1, 0)).toBe(250);
    expect(readRetryDelay(new Headers({ "retry-after": "1.5" }), 1, 0)).toBe(1500);
    expect(readRetryDelay(new Headers({ "retry-after": "Thu, 01 Jan 1970 00:00:10 GMT" }), 1, 4000)).toBe(
      6000,
    );
    expect([1, 2, 3, 6].map((attempt) => readRetryDelay(new Headers(), attempt, 0))).toEqual([
      500, 1000, 2000, 8000,
    ]);
  });
});

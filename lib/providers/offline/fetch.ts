/**
 * A `fetch` that is the offline model: the real `@anthropic-ai/sdk` and `openai` clients talk to
 * it exactly as they talk to the APIs (`new Anthropic({ fetch: createOfflineFetch(…) })`), with no
 * socket and no key. It answers `POST …/v1/messages` (Anthropic), `POST …/chat/completions` and
 * `POST …/responses` (OpenAI), each in its own wire format, and injects the session's faults.
 */
import "server-only";
import type { Clock } from "@/lib/clock/types";
import type { TransportContext } from "@/lib/providers/types";
import type { Fault } from "@/lib/trace/config";
import type { CacheUse } from "@/lib/trace/prompt-cache";
import { createFaultPlan, planStreamChunks, respondFaultStatus } from "./faults";
import { deriveRequestId } from "./ids";
import { DEFAULT_PLANNERS } from "./plan";
import { respondOffline } from "./respond";
import type { OfflineMessage, OfflinePlanner, OfflineToolMeta } from "./types";
import { ANTHROPIC_WIRE, OFFLINE_WIRES, type OfflineWire } from "./wires";

export interface OfflineFetchOptions {
  /** The clock the pace and the faults' delays run on. */
  clock: Clock;
  /** Events per second of clock time; 0 sends every event at once. */
  pace: number;
  toolMeta?: OfflineToolMeta;
  /** Injected failures (docs/api.md, `Fault`); their counts last as long as this fetch. */
  faults?: readonly Fault[];
  /** Planners asked before the defaults (a lesson's script); none by default. */
  planners?: readonly OfflinePlanner[];
}

/**
 * What a fetch call may add to the tap's turn: the prompt cache's use for this request, when the
 * caller models one (a capture: lib/trace/prompt-cache.ts); the usage then reports it.
 */
export interface OfflineCallContext extends TransportContext {
  promptCache?: CacheUse;
}

/** The offline model as a transport: a `fetch` that also reads the tap's turn (turn 1 without it). */
export type OfflineFetch = (
  input: RequestInfo | URL,
  init?: RequestInit,
  context?: OfflineCallContext,
) => Promise<Response>;

/**
 * `usage` with the cache's counters: Anthropic's input tokens are the uncached rest (the total
 * grows when the cached prefix counts more than the model's own estimate of the whole).
 */
function applyCacheUse(usage: OfflineMessage["usage"], cache: CacheUse): OfflineMessage["usage"] {
  const cached = cache.readTokens + cache.creationTokens;
  return {
    ...usage,
    input_tokens: Math.max(usage.input_tokens, cached) - cached,
    cache_creation_input_tokens: cache.creationTokens,
    cache_read_input_tokens: cache.readTokens,
  };
}

/** The reason to reject or error with when `signal` aborts. */
function readAbortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** A JSON response with the offline model's headers. */
function respondJson(status: number, body: unknown, requestId: string, wire: OfflineWire): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", [wire.requestIdHeader]: requestId },
  });
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
 * Creates the offline model's `fetch`. A POST to a format's path with a valid body answers the
 * reply in that format (JSON, or `text/event-stream` with one event per chunk when
 * `stream: true`, paced on `clock`); a bad body answers 400 in the format's error shape; anything
 * else 404. Faults hit after the body is read: `slow-first-byte` waits on `clock` before the
 * response, `http-status` answers an error, the stream faults change the stream (see
 * `planStreamChunks`). Every response carries a deterministic request id. An aborted signal
 * rejects the call or errors the stream with the signal's reason.
 */
export function createOfflineFetch(options: OfflineFetchOptions): OfflineFetch {
  const gapMs = options.pace > 0 ? 1000 / options.pace : 0;
  const plan = createFaultPlan(options.faults ?? []);
  const planners = [...(options.planners ?? []), ...DEFAULT_PLANNERS];
  return async (input, init, context) => {
    const { url, method, body, signal } = await readRequest(input, init);
    if (signal?.aborted) throw readAbortReason(signal);
    const requestId = deriveRequestId(`${method} ${url.pathname}\n${body}`);
    const matched = OFFLINE_WIRES.find((candidate) => candidate.matches(url.pathname));
    if (method !== "POST" || !matched) {
      const wire = matched ?? ANTHROPIC_WIRE;
      return respondJson(404, wire.errorBody(404, `Not found: ${method} ${url.pathname}`), requestId, wire);
    }
    const wire = matched;
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return respondJson(400, wire.errorBody(400, `The body is not valid JSON: ${reason}`), requestId, wire);
    }
    const parsed = wire.readRequest(json);
    if (!parsed.ok) return respondJson(400, wire.errorBody(400, parsed.message), requestId, wire);
    const faults = plan.take(context?.turn ?? 1);
    if (faults.delayMs > 0) await options.clock.sleep(faults.delayMs, signal ?? undefined);
    if (faults.failure?.kind === "http-status") return respondFaultStatus(faults.failure, wire, requestId);
    const answer = respondOffline(parsed.request, { toolMeta: options.toolMeta, planners });
    const cache = context?.promptCache;
    const message = cache ? { ...answer, usage: applyCacheUse(answer.usage, cache) } : answer;
    const wireContext = {
      created: Math.floor(options.clock.now() / 1000),
      body: json as Record<string, unknown>,
    };
    if (parsed.request.stream !== true)
      return respondJson(200, wire.encodeJson(message, wireContext), requestId, wire);
    const chunks = planStreamChunks(wire.encodeEvents(message, wireContext), faults.failure, wire);
    return new Response(streamChunks(chunks, options.clock, gapMs, signal), {
      status: 200,
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache",
        [wire.requestIdHeader]: requestId,
      },
    });
  };
}

/**
 * The retry rules of the official SDKs (`@anthropic-ai/sdk` and `openai` share them), read by the
 * wire tap so it can announce a retry and run its wait on the run's clock. Pure.
 */
import "server-only";

/** The SDKs' default backoff: 0.5 s doubled per retry, at most 8 s (their jitter is left out). */
const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;

/**
 * Whether the SDK retries this failed `attempt` (from 1) with `maxRetries`: an `x-should-retry`
 * header decides when present, else 408, 409, 429 and every 5xx are retried.
 */
export function predictSdkRetry(
  response: Pick<Response, "status" | "headers">,
  attempt: number,
  maxRetries: number,
): boolean {
  if (attempt > maxRetries) return false;
  const header = response.headers.get("x-should-retry");
  if (header === "true") return true;
  if (header === "false") return false;
  return [408, 409, 429].includes(response.status) || response.status >= 500;
}

/**
 * How long to wait before the retry after `attempt`: `retry-after-ms`, else `retry-after` (seconds,
 * or an HTTP date read against `now`), else the SDKs' backoff. Never negative.
 */
export function readRetryDelay(headers: Headers, attempt: number, now: number): number {
  const millis = parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(millis)) return Math.max(0, millis);
  const after = headers.get("retry-after");
  if (after !== null) {
    const seconds = parseFloat(after);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(after);
    if (Number.isFinite(date)) return Math.max(0, date - now);
  }
  return Math.min(INITIAL_DELAY_MS * 2 ** (attempt - 1), MAX_DELAY_MS);
}

/**
 * The headers the SDK gets instead: the wait has already run on the run's clock, so the SDK is
 * told to wait 1 ms (the least both SDKs honour: `@anthropic-ai/sdk` treats 0 as "no header").
 */
export function replaceRetryHeaders(headers: Headers): Headers {
  const out = new Headers(headers);
  out.delete("retry-after");
  out.set("retry-after-ms", "1");
  return out;
}

/** The message of an HTTP error body in either provider's shape (`{ error: { message } }`), or null. */
export function readErrorMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === "object" && typeof parsed.error?.message === "string")
      return parsed.error.message;
    if (typeof parsed.error === "string") return parsed.error;
    return typeof parsed.message === "string" ? parsed.message : null;
  } catch {
    return null;
  }
}

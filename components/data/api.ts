/**
 * Same-origin JSON requests to the Toolscope API. The auth cookie travels by itself; every
 * failure becomes an `ApiError` carrying the HTTP status, the server's `error` text and its
 * whole parsed body (for the fields some routes add, e.g. the fork route's `problems`).
 */

/**
 * A failed API call. `status` 0 means the server could not be reached at all. `body` is the
 * parsed JSON error body as sent (`null` when there was none or it was not JSON).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly path: string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, path?: string, body: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.path = path;
    this.body = body;
  }
}

/** Whether `error` is an `ApiError`, and when `status` is given, one with that status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** How many times a request the server turned away as busy is sent again before its 503 is shown. */
const BUSY_RETRIES = 3;

/**
 * Sends a request and returns its JSON body (`undefined` for 204). Throws `ApiError`. A 503 with
 * `Retry-After` is the server turning the request away unread while it is flooded (docs/api.md,
 * "Busy"): safe to send again, even a POST, so it is, after the wait it names (at most 2 s).
 */
export async function requestJson<T>(
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  let response: Response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(url, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        cache: "no-store",
      });
    } catch (cause) {
      throw new ApiError(0, cause instanceof Error ? cause.message : String(cause));
    }
    const retryAfter = Number(response.headers.get("retry-after"));
    if (response.status !== 503 || !(retryAfter > 0) || attempt >= BUSY_RETRIES) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(retryAfter * 1000, 2000)));
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = readError(body);
    throw new ApiError(response.status, error.message ?? `HTTP ${response.status}`, error.path, body);
  }
  return body as T;
}

/** The `error` text and `path` of an error body, where they are strings. */
function readError(body: unknown): { message?: string; path?: string } {
  if (typeof body !== "object" || body === null) return {};
  const { error, path } = body as { error?: unknown; path?: unknown };
  return {
    ...(typeof error === "string" ? { message: error } : {}),
    ...(typeof path === "string" ? { path } : {}),
  };
}

/** React Query retry policy: a 4xx will not change by asking again; anything else gets two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

import "server-only";
import { errorResponse } from "./http";

/** How long a client is told to wait before it tries again after the database failed to answer. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Whether `error` says the database cannot answer now (lib/store/pg/bridge.ts's
 * `DatabaseUnavailableError`: a lock held elsewhere past its timeout, a server down or silent).
 * By name: Next may load the store's module once per route bundle, so `instanceof` can miss.
 */
export function isDatabaseUnavailable(error: unknown): error is Error {
  return error instanceof Error && error.name === "DatabaseUnavailableError";
}

/**
 * A route handler that answers a database that cannot answer now with `503 { error }` (the
 * error names the database) and `Retry-After`, instead of Next's bare 500. Anything else it
 * throws is thrown on.
 */
export function withDatabaseErrors<A extends unknown[], R extends Response | Promise<Response>>(
  handler: (...args: A) => R,
): (...args: A) => R {
  const answer = (error: unknown): Response => {
    if (!isDatabaseUnavailable(error)) throw error;
    console.error(`toolscope: ${error.message}`);
    const response = errorResponse(503, error.message);
    response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return response;
  };
  return (...args: A) => {
    try {
      const response = handler(...args);
      // A sync handler's answer stays sync, an async one's a promise: the handler's own type.
      return (response instanceof Promise ? response.catch(answer) : response) as R;
    } catch (error) {
      return answer(error) as R;
    }
  };
}

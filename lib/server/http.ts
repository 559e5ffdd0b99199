import "server-only";
import type { ErrorBody } from "@/lib/contract/errors";
import type { ApiReply } from "@/lib/contract/replies";
import { asciiJson } from "./ascii-json";

/** Headers every response we build carries: no MIME sniffing, no Referer leaking a URL. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
});

/** Sets {@link SECURITY_HEADERS} on `headers` (overwriting). */
export function applySecurityHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
}

/**
 * A JSON response with `Cache-Control: no-store` and the security headers. `headers` are
 * added last and may override them. `T` is the body's type in lib/contract (one of
 * {@link ApiReply}) and must be named
 * (`jsonResponse<SessionList>(…)`): without it the body is checked against `never`, so a route
 * cannot answer a shape the contract does not declare.
 */
export function jsonResponse<T extends ApiReply = never>(
  body: NoInfer<T>,
  status = 200,
  headers?: HeadersInit,
): Response {
  const response = Response.json(body, { status });
  response.headers.set("Cache-Control", "no-store");
  applySecurityHeaders(response.headers);
  new Headers(headers).forEach((value, name) => response.headers.set(name, value));
  return response;
}

/**
 * {@link jsonResponse} for a body with one long array: `fields` as JSON with `key` appended,
 * whose items are JSON texts pulled from `pages` one page per read of the body, so the whole
 * body is never one string. `T` (and `K`, the array's field) must be named as for
 * {@link jsonResponse}: `streamJsonResponse<SessionDetail, "events">(…)`. The body is ASCII
 * ({@link asciiJson}): these are the app's big downloads, and the browser parses them twice as fast.
 */
export function streamJsonResponse<T extends ApiReply = never, K extends keyof T & string = never>(
  fields: NoInfer<Omit<T, K>>,
  key: NoInfer<K>,
  pages: Iterator<readonly string[], unknown>,
): Response {
  const encoder = new TextEncoder();
  const head = asciiJson(JSON.stringify(fields));
  let first = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        encoder.encode(`${head.slice(0, -1)}${head === "{}" ? "" : ","}${JSON.stringify(key)}:[`),
      );
    },
    pull(controller) {
      const next = pages.next();
      if (next.done) {
        controller.enqueue(encoder.encode("]}"));
        controller.close();
        return;
      }
      if (next.value.length === 0) return;
      controller.enqueue(encoder.encode(`${first ? "" : ","}${asciiJson(next.value.join(","))}`));
      first = false;
    },
    cancel() {
      pages.return?.(undefined);
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
  applySecurityHeaders(response.headers);
  return response;
}

/**
 * An API error in the shape docs/api.md fixes: `{ error, path?, ...extra }`, where `error` is a
 * sentence for a person and `path` (when the error is about one field) a JSON Pointer.
 */
export function errorResponse(
  status: number,
  error: string,
  extra?: Readonly<Record<string, unknown>> & { readonly error?: never },
): Response {
  return jsonResponse<ErrorBody>({ error, ...extra }, status);
}

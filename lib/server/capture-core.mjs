// The capture endpoints' edge rules (docs/api.md, "Capture"), in plain JavaScript so that the
// proxy (proxy.ts, bundled by Next) and the HTTP server in front of Next (scripts/server.mjs)
// share one copy. A capture client is an SDK, not a browser: it authenticates with the launch
// token as its API key, and a refusal must come in its provider's own error shape, or the SDK
// cannot raise its own AuthenticationError. Types: capture-core.d.mts.
import { readBearer, secretMatches } from "./auth-core.mjs";

/** The largest capture request body: long agent conversations reach tens of MB. */
export const CAPTURE_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The provider family of a capture path (`/capture/anthropic/…` → `anthropic`, `/capture/openai/…`
 * → `openai`), or `null` when the path is not under `/capture/` at all. Case, percent-escapes and
 * repeated slashes are normalized first, so `//Capture/%61nthropic` is still a capture path. Any
 * other path under `/capture` is `"unknown"`.
 */
export function captureFamily(pathname) {
  let decoded = pathname ?? "";
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    // A malformed escape: read the raw path.
  }
  const path = decoded.replace(/\/+/g, "/").toLowerCase();
  if (path !== "/capture" && !path.startsWith("/capture/")) return null;
  if (path === "/capture/anthropic" || path.startsWith("/capture/anthropic/")) return "anthropic";
  if (path === "/capture/openai" || path.startsWith("/capture/openai/")) return "openai";
  return "unknown";
}

/** The API key a capture client sent: its `Authorization: Bearer` token, else its `x-api-key`. */
export function readCaptureKey({ authorization, apiKey }) {
  const bearer = readBearer(authorization);
  if (bearer !== null) return bearer;
  const key = (apiKey ?? "").trim();
  return key === "" ? null : key;
}

/** Whether a capture client's key is the launch token (constant-time). */
export function captureKeyMatches(headers, token) {
  return secretMatches(readCaptureKey(headers), token);
}

const ANTHROPIC_ERROR_TYPES = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  405: "invalid_request_error",
  413: "request_too_large",
  422: "invalid_request_error",
  429: "rate_limit_error",
  502: "api_error",
  529: "overloaded_error",
};

/** The error body of `status` in the family's shape (OpenAI's for `unknown`). */
export function captureErrorBody(family, status, message) {
  if (family === "anthropic")
    return { type: "error", error: { type: ANTHROPIC_ERROR_TYPES[status] ?? "api_error", message } };
  const type =
    status === 401
      ? "invalid_request_error"
      : status === 429
        ? "requests"
        : status >= 500
          ? "server_error"
          : "invalid_request_error";
  const code = status === 401 ? "invalid_api_key" : status === 404 ? "unknown_url" : null;
  return { error: { message, type, code, param: null } };
}

/** What a capture client is told when its key is missing or wrong. */
export const CAPTURE_AUTH_MESSAGE =
  "Missing or wrong API key: a capture client uses Toolscope's launch token as its API key (x-api-key or Authorization: Bearer).";

import "server-only";
import { isAllowedHost, isAllowedOrigin } from "./auth";
import { CAPTURE_AUTH_MESSAGE, captureKeyMatches } from "./capture-core.mjs";
import type { ServerConfig } from "./config";
import { resolveToken } from "./token";

/**
 * The security edge of the capture endpoints (`/capture/*`), for both ways a request reaches the
 * capture: proxy.ts (through Next) and the front server's own capture path
 * (lib/server/capture-node.ts). A foreign Host or Origin → 403; a missing or wrong key on a
 * request other than GET/HEAD → 401 (the launch token as `x-api-key` or `Authorization: Bearer`;
 * a cookie is not a capture key). GET/HEAD (the probes clients send) pass unauthenticated.
 */

/** What the guard reads of a request. */
export interface CaptureGuardInput {
  method: string;
  host: string | null | undefined;
  origin: string | null | undefined;
  authorization: string | null | undefined;
  apiKey: string | null | undefined;
}

/** The refusal a capture request gets (to be sent in its provider's error shape), or `null` when it passes. */
export function checkCaptureRequest(
  input: CaptureGuardInput,
  config: ServerConfig,
): { status: 401 | 403; message: string } | null {
  if (!isAllowedHost(input.host, config))
    return { status: 403, message: "This Host is not allowed: add it to TOOLSCOPE_ALLOWED_HOSTS." };
  if (!isAllowedOrigin(input.origin, input.host))
    return {
      status: 403,
      message: "Cross-origin requests are refused: the Origin must be this server's own.",
    };
  const safe = input.method === "GET" || input.method === "HEAD";
  const headers = { authorization: input.authorization, apiKey: input.apiKey };
  if (!safe && !captureKeyMatches(headers, resolveToken(config)))
    return { status: 401, message: CAPTURE_AUTH_MESSAGE };
  return null;
}

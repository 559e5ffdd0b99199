import "server-only";
import { loadServerConfig, type ServerConfig } from "@/lib/server/config";
import { resolveToken } from "@/lib/server/token";
import {
  cookieName,
  hostAllowed,
  issueCookieValue,
  readRevokedBefore,
  requestAuthenticated,
  writeRevokedBefore,
  type CookieSettings,
} from "./auth-core.mjs";

/** Anything headers can be read from: `Headers`, `NextRequest.headers`, `await headers()`. */
export type HeaderReader = Pick<Headers, "get">;

/**
 * Whether a request's `Host` names us (DNS-rebinding defence). Allowed: `127.0.0.1`,
 * `localhost` and `[::1]` with exactly our port (no port only when we listen on 80), and each
 * `TOOLSCOPE_ALLOWED_HOSTS` entry — one written without a port matches that name with any
 * port or none; one with a port matches exactly. Everything else is refused: other names,
 * IP literals other than loopback (unless configured), an empty or missing Host.
 */
export function isAllowedHost(hostHeader: string | null | undefined, config: ServerConfig): boolean {
  return hostAllowed(hostHeader, config);
}

/**
 * Whether a request's `Origin` is acceptable: absent is fine (not a cross-site browser
 * request); present, it must be exactly `http://<Host>` — the scheme, host and port the
 * request's own `Host` names. The opaque origin `null` is refused.
 */
export function isAllowedOrigin(
  originHeader: string | null | undefined,
  hostHeader: string | null | undefined,
): boolean {
  if (originHeader === null || originHeader === undefined) return true;
  const host = hostHeader?.trim().toLowerCase() ?? "";
  if (host === "" || originHeader === "null") return false;
  return originHeader.trim().toLowerCase() === `http://${host}`;
}

/** The name of this server's auth cookie (one per port: cookies ignore ports). */
export function authCookieName(config: ServerConfig): string {
  return cookieName(config.port);
}

/** What checking and issuing cookies needs now: the token, the port, the lifetime, the revocation. */
export function readCookieSettings(config: ServerConfig, nowMs = Date.now()): CookieSettings {
  return {
    token: resolveToken(config),
    port: config.port,
    nowSeconds: Math.floor(nowMs / 1000),
    lifetimeSeconds: config.cookieDays * 86_400,
    revokedBefore: readRevokedBefore(config.dataDir),
  };
}

/** A new cookie value for a browser that just proved it holds the launch token. */
export function issueAuthCookie(config: ServerConfig, nowMs = Date.now()): string {
  return issueCookieValue(resolveToken(config), config.port, Math.floor(nowMs / 1000));
}

/** Revokes every cookie issued before `nowMs`: each browser must open the printed URL again. */
export function revokeAuthCookies(config: ServerConfig, nowMs = Date.now()): number {
  return writeRevokedBefore(config.dataDir, Math.floor(nowMs / 1000));
}

/**
 * Whether a request is authenticated: the launch token as `Authorization: Bearer`, or a valid
 * auth cookie of this server's (a shadowing duplicate that does not verify is ignored).
 */
export function isRequestAuthenticated(
  headers: HeaderReader,
  config: ServerConfig = loadServerConfig(),
): boolean {
  return requestAuthenticated(
    { authorization: headers.get("authorization"), cookie: headers.get("cookie") },
    readCookieSettings(config),
  );
}

/**
 * Whether a request holds the launch token or a valid cookie. For server components:
 * `isAuthorized(await headers())`.
 */
export function isAuthorized(headers: HeaderReader): boolean {
  return isRequestAuthenticated(headers);
}

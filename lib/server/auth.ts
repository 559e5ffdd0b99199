import "server-only";
import { loadServerConfig, type ServerConfig } from "@/lib/server/config";
import { resolveToken, tokenMatches } from "@/lib/server/token";

/** The cookie that carries the launch token after a `?token=` link was opened. */
export const TOKEN_COOKIE = "toolscope_token";

/** Anything headers can be read from: `Headers`, `NextRequest.headers`, `await headers()`. */
export type HeaderReader = Pick<Headers, "get">;

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/**
 * Whether a request's `Host` names us (DNS-rebinding defence). Allowed: `127.0.0.1`,
 * `localhost` and `[::1]` with exactly our port (no port only when we listen on 80), and each
 * `TOOLSCOPE_ALLOWED_HOSTS` entry — one written without a port matches that name with any
 * port or none; one with a port matches exactly. Everything else is refused: other names,
 * IP literals other than loopback (unless configured), an empty or missing Host.
 */
export function isAllowedHost(hostHeader: string | null | undefined, config: ServerConfig): boolean {
  const host = hostHeader?.trim().toLowerCase() ?? "";
  const match = HOST_HEADER.exec(host);
  if (!match) return false;
  const name = match[1] ?? "";
  const port = match[2] === undefined ? 80 : Number(match[2]);
  if (LOOPBACK_NAMES.includes(name) && port === config.port) return true;
  return config.allowedHosts.some((entry) => entry === host || entry === name);
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

/**
 * The token a request presents: `Authorization: Bearer <token>` first, else the
 * {@link TOKEN_COOKIE} cookie; `null` when it presents none.
 */
export function readRequestToken(headers: HeaderReader): string | null {
  const authorization = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  if (authorization?.[1]) return authorization[1];
  return readCookie(headers.get("cookie"), TOKEN_COOKIE);
}

/**
 * Whether a request holds the launch token (as a bearer token or the cookie). For server
 * components: `isAuthorized(await headers())`.
 */
export function isAuthorized(headers: HeaderReader): boolean {
  return tokenMatches(readRequestToken(headers), resolveToken(loadServerConfig()));
}

function readCookie(cookieHeader: string | null, name: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null; // not percent-encoded after all; compare it as sent
    }
  }
  return null;
}

// The checks that decide who may talk to Toolscope, in plain JavaScript so that two runtimes share
// one copy: the proxy (lib/server/auth.ts, bundled by Next) and the HTTP server in front of Next
// (scripts/server.mjs), which refuses a request before reading its body. No Next, no React, no
// `server-only` (plain Node imports this file). Types: auth-core.d.mts.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** The file in the data dir holding the moment (epoch seconds) before which cookies are revoked. */
export const REVOKED_FILE_NAME = "cookies-revoked-before";

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;
const COOKIE_VALUE = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** Whether a request's `Host` names us; see `isAllowedHost` in auth.ts for the rules. */
export function hostAllowed(hostHeader, { port, allowedHosts }) {
  const host = hostHeader?.trim().toLowerCase() ?? "";
  const match = HOST_HEADER.exec(host);
  if (!match) return false;
  const name = match[1] ?? "";
  const hostPort = match[2] === undefined ? 80 : Number(match[2]);
  if (LOOPBACK_NAMES.includes(name) && hostPort === port) return true;
  return allowedHosts.some((entry) => entry === host || entry === name);
}

/** Whether `candidate` equals `secret`, in constant time (both hashed first, so lengths do not leak). */
export function secretMatches(candidate, secret) {
  if (!candidate || !secret) return false;
  const hash = (text) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(hash(candidate), hash(secret));
}

/**
 * The auth cookie's name for the server on `port`. Browsers keep cookies per host, not per port,
 * so every server on 127.0.0.1 would otherwise read (and could overwrite) every other's.
 */
export function cookieName(port) {
  return `toolscope_${port}`;
}

function signCookie(token, port, issuedAt) {
  return createHmac("sha256", token).update(`toolscope-cookie|${port}|${issuedAt}`).digest("base64url");
}

/**
 * A cookie value for a browser that proved it holds the launch token: when it was issued (epoch
 * seconds) and an HMAC of that under the token. Never the token itself, so a cookie that leaks
 * (to another server on this host, say) cannot be replayed as a bearer token, expires, and is
 * revoked with every cookie issued before a given moment.
 */
export function issueCookieValue(token, port, nowSeconds) {
  return `${nowSeconds}.${signCookie(token, port, nowSeconds)}`;
}

/**
 * Whether a cookie value is one this server issued: the HMAC matches, it is younger than
 * `lifetimeSeconds`, not issued before `revokedBefore` (epoch seconds) and not from the future.
 */
export function cookieValueValid(value, { token, port, nowSeconds, lifetimeSeconds, revokedBefore }) {
  const match = COOKIE_VALUE.exec(value ?? "");
  if (!match || !token) return false;
  const issuedAt = Number(match[1]);
  if (issuedAt > nowSeconds + 60 || nowSeconds - issuedAt > lifetimeSeconds || issuedAt < revokedBefore)
    return false;
  return secretMatches(match[2], signCookie(token, port, issuedAt));
}

/** Every value of the cookie `name` in a `Cookie` header, in order (a shadowing duplicate included). */
export function readCookieValues(cookieHeader, name) {
  const values = [];
  for (const part of (cookieHeader ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    if (raw) values.push(raw);
  }
  return values;
}

/** The bearer token of an `Authorization` header, or `null`. */
export function readBearer(authorizationHeader) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader ?? "");
  return match?.[1] ?? null;
}

/**
 * Whether a request is authenticated: the launch token as a bearer token (a bearer token decides
 * alone, right or wrong), else any of the auth cookies it sends is valid (a page on another port may plant a shadowing cookie for a path;
 * it is ignored, never a lock-out).
 */
export function requestAuthenticated({ authorization, cookie }, settings) {
  const bearer = readBearer(authorization);
  if (bearer !== null) return secretMatches(bearer, settings.token);
  return readCookieValues(cookie, cookieName(settings.port)).some((value) =>
    cookieValueValid(value, settings),
  );
}

/** `TOOLSCOPE_ALLOWED_HOSTS` as entries: comma-separated, trimmed, lower-cased, empty ones dropped. */
export function splitAllowedHosts(value) {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
}

/** When cookies were last revoked (epoch seconds), from the data dir; 0 when never. */
export function readRevokedBefore(dataDir) {
  try {
    const seconds = Number(fs.readFileSync(path.join(dataDir, REVOKED_FILE_NAME), "utf8").trim());
    return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : 0;
  } catch (error) {
    if (error?.code === "ENOENT") return 0;
    throw error;
  }
}

/** Revokes every cookie issued before `nowSeconds` (mode 0600); returns the moment recorded. */
export function writeRevokedBefore(dataDir, nowSeconds) {
  const seconds = nowSeconds + 1;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dataDir, REVOKED_FILE_NAME), String(seconds), { mode: 0o600 });
  return seconds;
}

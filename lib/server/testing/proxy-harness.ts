/**
 * Drives `proxy.ts` (the security edge) as Next.js does, on a stubbed environment, for the
 * token, Host and Origin matrices. Test-only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { vi } from "vitest";
import { proxy } from "@/proxy";
import { resetServerConfigCache } from "@/lib/server/config";
import { resetTokenCache } from "@/lib/server/token";
import { issueCookieValue } from "@/lib/server/auth-core.mjs";
import { fillRoute, listApiRoutes, listPages } from "./route-table";

export const PROXY_TOKEN = "Matrix-Token_0123456789abcdefABCDEF";
export const PROXY_PORT = 3000;
export const OWN_HOST = `127.0.0.1:${PROXY_PORT}`;

/** Values for every dynamic segment the app has (`[id]`, `[callId]`, …), unknown ones get `x`. */
const PARAM_VALUES: Readonly<Record<string, string>> = { id: "ses_matrix", callId: "call_matrix" };

/** Stubs the environment the proxy reads (port 3000, a fixed token, a temp data dir) and returns the cleanup. */
export function stubProxyEnvironment(extra: Record<string, string> = {}): () => void {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-matrix-"));
  vi.stubEnv("PORT", String(PROXY_PORT));
  vi.stubEnv("TOOLSCOPE_DATA_DIR", dataDir);
  vi.stubEnv("TOOLSCOPE_TOKEN", PROXY_TOKEN);
  vi.stubEnv("TOOLSCOPE_ALLOWED_HOSTS", "");
  vi.stubEnv("NODE_ENV", "production");
  for (const [name, value] of Object.entries(extra)) vi.stubEnv(name, value);
  resetServerConfigCache();
  resetTokenCache();
  return () => {
    vi.unstubAllEnvs();
    resetServerConfigCache();
    resetTokenCache();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** Sends one request through the proxy; `Host` defaults to ours. */
export function sendThroughProxy(
  pathAndQuery: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Response {
  const request = new NextRequest(`http://${OWN_HOST}${pathAndQuery}`, {
    method: init.method ?? "GET",
    headers: { host: OWN_HOST, ...init.headers },
  });
  return proxy(request);
}

/** Whether the proxy let the request through to the app (Next.js's `NextResponse.next()`). */
export const isPassedOn = (response: Response): boolean => response.headers.get("x-middleware-next") === "1";

/** `[path, method]` for every method every API route exports, params filled in. */
export function listApiRequests(): [string, string][] {
  return listApiRoutes().flatMap((route) =>
    route.methods.map((method): [string, string] => [
      fillRoute(route.pattern, withDefaults(route.params)),
      method,
    ]),
  );
}

/** Every page's path, params filled in, plus an address no route answers (the not-found page). */
export function listPagePaths(): string[] {
  return [...listPages().map((page) => fillRoute(page.pattern, withDefaults(page.params))), "/no-such-page"];
}

function withDefaults(params: readonly string[]): Record<string, string> {
  return Object.fromEntries(params.map((name) => [name, PARAM_VALUES[name] ?? "x"]));
}

/** A valid auth cookie value for this server (signed with `token`, issued now), as the exchange sets it. */
export function issueTestCookie(token: string = PROXY_TOKEN, port: number = PROXY_PORT): string {
  return issueCookieValue(token, port, Math.floor(Date.now() / 1000));
}

/** The `Set-Cookie` a right `?token=` link answers with: this port's cookie, signed, 30 days, never the token. */
export const EXCHANGE_SET_COOKIE = new RegExp(
  `^toolscope_${PROXY_PORT}=\\d+\\.[A-Za-z0-9_-]{43}; Path=/; Expires=[^;]+; Max-Age=2592000; HttpOnly; SameSite=strict$`,
);

import { NextResponse, type NextRequest } from "next/server";
import {
  authCookieName,
  isAllowedHost,
  isAllowedOrigin,
  isRequestAuthenticated,
  issueAuthCookie,
} from "@/lib/server/auth";
import { loadServerConfig, type ServerConfig } from "@/lib/server/config";
import { captureErrorBody, captureFamily } from "@/lib/server/capture-core.mjs";
import { checkCaptureRequest } from "@/lib/server/capture-guard";
import { buildCsp, createNonce } from "@/lib/server/csp";
import { applySecurityHeaders, errorResponse } from "@/lib/server/http";
import { resolveToken, tokenMatches } from "@/lib/server/token";

const HOW_TO_GET_IN =
  "Open the URL that `npm start` printed (it ends in ?token=…), or send Authorization: Bearer <token>.";

/**
 * The security edge, run before every request (docs/architecture.md, "Security"), in this order:
 * 1. a `Host` that is not ours → 403, before anything else (DNS rebinding);
 * 2. a present, foreign `Origin` → 403 (cross-site requests);
 * 3. `/api/*` (all but `GET /api/health`) and any non-GET/HEAD request without the token → 401;
 * 4. a path that is not valid percent-encoded UTF-8 (`/sessions/%FF`) → 400 under `/api`, else 404;
 * 5. a page opened with `?token=`: right → the HttpOnly cookie and a 303 to the same URL
 *    without it; wrong → 401, never echoing it;
 * 6. pages get a fresh nonce (`x-nonce` request header) and the Content-Security-Policy.
 * Pages are served without the token (they hold no secret; the UI shows a locked screen).
 * The capture endpoints (`/capture/*`) keep the same Host and Origin rules but answer in the
 * provider's own error shape, and take the token as an API key (see {@link guardCapture}).
 * The token only ever appears in a response to a request that already sent it.
 */
export function proxy(request: NextRequest): Response {
  const serverConfig = loadServerConfig();
  const host = request.headers.get("host");
  const family = captureFamily(request.nextUrl.pathname);
  if (family !== null) return guardCapture(request, family, serverConfig);
  if (!isAllowedHost(host, serverConfig)) {
    return errorResponse(
      403,
      `This Host is not allowed. Open Toolscope at http://127.0.0.1:${serverConfig.port}/, or add the host to TOOLSCOPE_ALLOWED_HOSTS.`,
    );
  }
  if (!isAllowedOrigin(request.headers.get("origin"), host)) {
    return errorResponse(403, "Cross-origin requests are refused: the Origin must be this server's own.");
  }
  const token = resolveToken(serverConfig);
  const path = normalizePath(request.nextUrl.pathname);
  const isApi = path === "/api" || path.startsWith("/api/");
  if (isApi || !isSafeMethod(request.method)) {
    const isHealth = path === "/api/health" && request.method === "GET";
    if (!isHealth && !isRequestAuthenticated(request.headers, serverConfig)) {
      return errorResponse(401, `Missing or wrong token. ${HOW_TO_GET_IN}`);
    }
  }
  // Next would decode such a path's segments for the route's params and answer 500.
  if (!isWellEncoded(request.nextUrl.pathname)) {
    return isApi
      ? errorResponse(400, "The path is not valid percent-encoded UTF-8.")
      : errorResponse(404, "No page at this address: its path is not valid percent-encoded UTF-8.");
  }
  if (!isApi && request.nextUrl.searchParams.has("token")) {
    return exchangeToken(request, token, serverConfig);
  }
  return isApi || !needsCsp(path) ? passThrough() : passThroughWithCsp(request);
}

/** `/capture/*`: lib/server/capture-guard.ts's checks, refused in the provider's error shape. */
function guardCapture(
  request: NextRequest,
  family: NonNullable<ReturnType<typeof captureFamily>>,
  serverConfig: ServerConfig,
): Response {
  const refusal = checkCaptureRequest(
    {
      method: request.method,
      host: request.headers.get("host"),
      origin: request.headers.get("origin"),
      authorization: request.headers.get("authorization"),
      apiKey: request.headers.get("x-api-key"),
    },
    serverConfig,
  );
  if (refusal === null) return passThrough();
  const response = Response.json(captureErrorBody(family, refusal.status, refusal.message), {
    status: refusal.status,
  });
  response.headers.set("Cache-Control", "no-store");
  applySecurityHeaders(response.headers);
  return response;
}

/** The proxy runs on every path, including `/api` and `/_next`: the Host check guards them all. */
export const config = {
  matcher: ["/:path*"],
};

function exchangeToken(request: NextRequest, token: string, serverConfig: ServerConfig): Response {
  if (!tokenMatches(request.nextUrl.searchParams.get("token"), token)) {
    const response = new Response(`The token in this link is wrong. ${HOW_TO_GET_IN}\n`, {
      status: 401,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
    applySecurityHeaders(response.headers);
    return response;
  }
  const response = new NextResponse(null, {
    status: 303,
    headers: { Location: buildUrlWithoutToken(request) },
  });
  // Never the launch token: a signed, expiring value (lib/server/auth-core.mjs), one cookie per port.
  response.cookies.set(authCookieName(serverConfig), issueAuthCookie(serverConfig), {
    httpOnly: true,
    sameSite: "strict",
    path: "/",
    maxAge: serverConfig.cookieDays * 86_400,
  });
  response.headers.set("Cache-Control", "no-store");
  applySecurityHeaders(response.headers);
  return response;
}

/**
 * The request's own URL, as the browser addressed it (its `Host`), minus `token`. Not
 * `nextUrl.clone()`: NextURL rewrites 127.0.0.1 to localhost, and the cookie is per host.
 */
function buildUrlWithoutToken(request: NextRequest): string {
  const query = new URLSearchParams(request.nextUrl.searchParams);
  query.delete("token");
  const search = query.size > 0 ? `?${query.toString()}` : "";
  return `http://${request.headers.get("host") ?? ""}${request.nextUrl.pathname}${search}`;
}

function passThrough(): Response {
  const response = NextResponse.next();
  applySecurityHeaders(response.headers);
  return response;
}

function passThroughWithCsp(request: NextRequest): Response {
  const nonce = createNonce();
  const csp = buildCsp(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  // Next.js reads the nonce for its own scripts from the request's CSP header.
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  applySecurityHeaders(response.headers);
  return response;
}

function needsCsp(path: string): boolean {
  return !(
    path.startsWith("/_next/static/") ||
    path.startsWith("/_next/image") ||
    path === "/favicon.ico" ||
    path === "/favicon.svg"
  );
}

function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

function isWellEncoded(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Decoded, lower-cased, slashes collapsed: `//API/%73essions` must not slip past the `/api` check. */
function normalizePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape cannot spell `/api`; check the raw path.
  }
  return decoded.replace(/\/+/g, "/").toLowerCase();
}

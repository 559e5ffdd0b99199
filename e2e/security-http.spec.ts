import { expect, test } from "@playwright/test";
import { findCspProblems, readCspNonce } from "../lib/server/testing/csp-check";
import { BODY_METHODS } from "../lib/server/testing/route-table";
import { listOwnHosts, listSpoofedHosts, listSpoofedOrigins } from "../lib/server/testing/spoofs";
import { findToken, sendRaw, type RawResponse } from "./support/raw-http";
import {
  BEARER,
  createFinishedSession,
  listApiRequests,
  listPagePaths,
  PORT,
  readHeader,
  snapshotState,
  TOKEN,
} from "./support/security-setup";

/**
 * The security edge over real HTTP against the production build, on every API route and every
 * page the file system defines: the token (missing, wrong, partial, in the wrong place), Host and
 * Origin spoofs, the CSP and its nonce, and — on every response to a request without the token —
 * no trace of the token. Bodies, path escapes and secrets: security-bodies.spec.ts.
 */

const TITLE = `Canary title ${Date.now().toString(36)}`;
let real: { id: string; callId: string };
let staticAsset = "";
/** `toolscope_<port>=<value>`: the cookie a right `?token=` link sets, as a browser sends it back. */
let realCookie = "";

test.beforeAll(async () => {
  real = await createFinishedSession(TITLE);
  const exchange = await sendRaw({ port: PORT, path: `/?token=${encodeURIComponent(TOKEN)}` });
  realCookie = String(exchange.headers["set-cookie"] ?? "").split(";")[0] ?? "";
  const html = (await sendRaw({ port: PORT, path: "/", headers: BEARER })).body;
  staticAsset = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
});

const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

/** Each a way to present something that is not exactly the token: [name, headers, query]. */
function listWrongPresentations(): [string, Record<string, string>, string][] {
  const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
  const cookie = (value: string) => ({ cookie: `toolscope_${PORT}=${value}` });
  const issued = realCookie.slice(realCookie.indexOf("=") + 1);
  return [
    ["no token", {}, ""],
    ["a wrong token", bearer("x".repeat(TOKEN.length)), ""],
    ["a prefix", bearer(TOKEN.slice(0, -1)), ""],
    ["a suffix", bearer(`${TOKEN}x`), ""],
    ["the wrong case", bearer(swapCase(TOKEN)), ""],
    ["a trailing word", bearer(`${TOKEN} x`), ""],
    ["the Basic scheme", { authorization: `Basic ${Buffer.from(`:${TOKEN}`).toString("base64")}` }, ""],
    ["the query string", {}, `?token=${encodeURIComponent(TOKEN)}`],
    ["another header", { "x-toolscope-token": TOKEN }, ""],
    ["a wrong cookie", cookie("wrong-0123456789"), ""],
    ["the launch token as the cookie", cookie(TOKEN), ""],
    ["the launch token under the old cookie name", { cookie: `toolscope_token=${TOKEN}` }, ""],
    ["a cookie prefix", cookie(issued.slice(0, -1)), ""],
    ["a cookie suffix", cookie(`${issued}x`), ""],
    ["a cookie in the wrong case", cookie(swapCase(issued)), ""],
    ["the cookie under another port's name", { cookie: `toolscope_${PORT + 1}=${issued}` }, ""],
  ];
}

/** Fails with every response that carries the token to a request that did not hold it. */
function expectNoToken(responses: [string, RawResponse][]) {
  const leaks = responses.flatMap(([where, response]) =>
    findToken(response, TOKEN).map((place) => `${where}: ${place}`),
  );
  expect(leaks).toEqual([]);
}

test("every API route and method refuses every wrong presentation of the token with 401, and never hands it out", async () => {
  const requests = listApiRequests(real);
  expect(requests.length).toBeGreaterThanOrEqual(20);
  const failures: string[] = [];
  const seen: [string, RawResponse][] = [];
  for (const [path, method] of requests)
    for (const [name, headers, query] of listWrongPresentations()) {
      const hasBody = BODY_METHODS.includes(method);
      const response = await sendRaw({
        port: PORT,
        method,
        path: `${path}${query}`,
        headers: { ...headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
        ...(hasBody ? { body: "{" } : {}),
      });
      seen.push([`${method} ${path} (${name})`, response]);
      const expected = path === "/api/health" && method === "GET" ? 200 : 401;
      if (response.status !== expected) failures.push(`${method} ${path} with ${name}: ${response.status}`);
      if (expected === 401 && !/^\{"error":"Missing or wrong token\./.test(response.body))
        failures.push(`${method} ${path} with ${name}: ${response.body}`);
    }
  expect(failures).toEqual([]);
  expectNoToken(seen);
});

test("the right token, as Bearer or as the cookie, passes every API route and method", async () => {
  const missing = { id: "ses_missing", callId: "call_missing", turn: "1" };
  const failures: string[] = [];
  for (const [path, method] of listApiRequests(missing))
    for (const headers of [BEARER, { cookie: "" }]) {
      if ("cookie" in headers) headers.cookie = realCookie;
      const hasBody = BODY_METHODS.includes(method);
      const response = await sendRaw({
        port: PORT,
        method,
        path,
        headers: { ...headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
        ...(hasBody ? { body: "{" } : {}),
        maxBytes: 64 * 1024,
      });
      if (response.status === 401 || response.status === 403)
        failures.push(`${method} ${path}: ${response.status}`);
      if (findToken(response, TOKEN).length > 0)
        failures.push(`${method} ${path}: the answer carries the token`);
      // POST /api/auth/revoke ends every cookie but the fresh one it hands the caller.
      const renewed = String(readHeader(response, "set-cookie") ?? "").split(";")[0] ?? "";
      if (renewed.startsWith(`toolscope_${PORT}=`)) realCookie = renewed;
    }
  expect(failures).toEqual([]);
});

test("every page: served without the token but holding no data, the exact CSP with a fresh nonce on every script", async () => {
  const failures: string[] = [];
  const seen: [string, RawResponse][] = [];
  for (const path of listPagePaths(real)) {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const response = await sendRaw({ port: PORT, path });
      seen.push([`GET ${path}`, response]);
      const csp = readHeader(response, "content-security-policy");
      const problems = findCspProblems(csp, { production: true });
      if (problems.length > 0) failures.push(`${path}: ${problems.join("; ")}`);
      const nonce = csp ? readCspNonce(csp) : null;
      if (nonce) nonces.add(nonce);
      const scripts = response.body.match(/<script\b[^>]*>/g) ?? [];
      if (scripts.length === 0) failures.push(`${path}: no script tags`);
      for (const tag of scripts)
        if (!tag.includes(`nonce="${nonce}"`)) failures.push(`${path}: a script without the nonce: ${tag}`);
      if (response.body.includes(TITLE))
        failures.push(`${path}: the page holds session data without the token`);
      if (!readHeader(response, "content-type")?.startsWith("text/html")) failures.push(`${path}: not HTML`);
    }
    if (nonces.size !== 3) failures.push(`${path}: ${nonces.size} distinct nonces in 3 requests`);
    const head = await sendRaw({ port: PORT, method: "HEAD", path });
    if (!readHeader(head, "content-security-policy")) failures.push(`HEAD ${path}: no CSP`);
  }
  expect(failures).toEqual([]);
  expectNoToken(seen);
});

test("every page: state-changing methods need the token, and a ?token= link is swapped for the cookie only when exactly right", async () => {
  const failures: string[] = [];
  const seen: [string, RawResponse][] = [];
  for (const path of listPagePaths(real)) {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await sendRaw({ port: PORT, method, path, body: "x" });
      seen.push([`${method} ${path}`, response]);
      if (response.status !== 401) failures.push(`${method} ${path}: ${response.status}`);
    }
    for (const candidate of ["wrong-0123456789", TOKEN.slice(0, -1), `${TOKEN}x`, swapCase(TOKEN), ""]) {
      const response = await sendRaw({ port: PORT, path: `${path}?token=${encodeURIComponent(candidate)}` });
      seen.push([`GET ${path}?token=…`, response]);
      if (response.status !== 401 || readHeader(response, "set-cookie") || readHeader(response, "location"))
        failures.push(`${path}?token=${candidate}: ${response.status}`);
      if (candidate && response.body.includes(candidate)) failures.push(`${path}: echoes ${candidate}`);
    }
    const right = await sendRaw({ port: PORT, path: `${path}?seq=1&token=${encodeURIComponent(TOKEN)}` });
    if (right.status !== 303) failures.push(`${path}?token=right: ${right.status}`);
    // Next.js may send a same-origin Location relative; either way it resolves to the same URL.
    const location = new URL(readHeader(right, "location") ?? "", `http://127.0.0.1:${PORT}${path}`).href;
    if (location !== `http://127.0.0.1:${PORT}${path}?seq=1`)
      failures.push(`${path}: redirects to ${location}`);
    const setCookie = readHeader(right, "set-cookie") ?? "";
    if (
      !new RegExp(
        `^toolscope_${PORT}=\\d+\\.[\\w-]{43}; Path=/; Expires=[^;]+; Max-Age=2592000; HttpOnly; SameSite=strict$`,
      ).test(setCookie)
    )
      failures.push(`${path}: sets ${setCookie}`);
    if (setCookie.includes(TOKEN)) failures.push(`${path}: the cookie carries the token`);
    if (right.body.includes(TOKEN)) failures.push(`${path}: the redirect's body carries the token`);
    const withCookie = await sendRaw({ port: PORT, path, headers: { cookie: realCookie } });
    if (withCookie.body.includes(TOKEN))
      failures.push(`${path}: the page carries the token to a tab that holds the cookie`);
  }
  expect(failures).toEqual([]);
  expectNoToken(seen);
});

test("a spoofed or missing Host is refused with 403 on every route, page and static file, token or not", async () => {
  expect(staticAsset).toMatch(/^\/_next\/static\//);
  const paths = [
    ...new Set([
      ...listApiRequests(real).map(([path]) => path),
      ...listPagePaths(real),
      staticAsset,
      "/favicon.ico",
    ]),
  ];
  const refusal = `{"error":"This Host is not allowed. Open Toolscope at http://127.0.0.1:${PORT}/, or add the host to TOOLSCOPE_ALLOWED_HOSTS."}`;
  const failures: string[] = [];
  const seen: [string, RawResponse][] = [];
  for (const host of [...listSpoofedHosts(PORT), null])
    for (const path of paths)
      for (const method of ["GET", "POST"]) {
        const response = await sendRaw({ port: PORT, method, path, headers: { host, ...BEARER } });
        seen.push([`${method} ${path} Host ${host}`, response]);
        // Without any Host, Node's HTTP server answers 400 itself (HTTP/1.1 requires one): refused before the app.
        const [status, body] = host === null ? [400, ""] : [403, refusal];
        if (response.status !== status || response.body !== body)
          failures.push(
            `${method} ${path} Host ${JSON.stringify(host)}: ${response.status} ${response.body.slice(0, 80)}`,
          );
      }
  expect(failures).toEqual([]);
  expectNoToken(seen);
  for (const host of listOwnHosts(PORT)) {
    const response = await sendRaw({ port: PORT, path: "/api/sessions", headers: { host, ...BEARER } });
    expect([host, response.status]).toEqual([host, 200]);
  }
});

test("a foreign or null Origin is refused with 403 on every route and page, GET included, and changes nothing", async () => {
  const before = await snapshotState();
  const paths = [...new Set([...listApiRequests(real).map(([path]) => path), ...listPagePaths(real)])];
  const refusal = `{"error":"Cross-origin requests are refused: the Origin must be this server's own."}`;
  const failures: string[] = [];
  for (const origin of listSpoofedOrigins(PORT))
    for (const path of paths)
      for (const method of ["GET", "POST", "DELETE"]) {
        const response = await sendRaw({
          port: PORT,
          method,
          path,
          headers: { origin, ...BEARER, "content-type": "application/json" },
          body: "{}",
        });
        if (response.status !== 403 || response.body !== refusal)
          failures.push(`${method} ${path} Origin ${JSON.stringify(origin)}: ${response.status}`);
      }
  expect(failures).toEqual([]);
  expect(await snapshotState()).toEqual(before);
  const own = await sendRaw({
    port: PORT,
    path: "/api/sessions",
    headers: { origin: `http://127.0.0.1:${PORT}`, ...BEARER },
  });
  expect(own.status).toBe(200);
});

test("a disguised API path never reaches a handler without the token", async () => {
  const disguises = [
    "/API/sessions",
    "//api/sessions",
    "/%61pi/sessions",
    "/api%2fsessions",
    "/api/./sessions",
    "/api/x/../sessions",
    "/api\\sessions",
    "/api/sessions/",
    "/api/sessions;x",
    "/api/health/../sessions",
    "/api/health/..%2fsessions",
    "/api/health%2f..%2fsessions",
    "/_next/../api/sessions",
    "/favicon.ico/../api/sessions",
  ];
  const reached: string[] = [];
  for (const path of disguises)
    for (const method of ["GET", "HEAD", "POST"]) {
      const response = await sendRaw({
        port: PORT,
        method,
        path,
        headers: { "content-type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      if (
        response.status < 300 ||
        response.body.includes('"sessions":[') ||
        response.body.includes('"id":"ses_')
      )
        reached.push(`${method} ${path}: ${response.status} ${response.body.slice(0, 60)}`);
    }
  expect(reached).toEqual([]);
});

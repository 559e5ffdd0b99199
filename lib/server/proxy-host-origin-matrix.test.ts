/**
 * DNS rebinding and cross-site requests, on every API route, every page and the static files:
 * a `Host` that is not exactly ours and a present `Origin` that is not exactly ours are refused
 * with 403 before any other check — with or without the token, on GET and on state-changing
 * methods alike. Which Hosts are ours, and why IP literals other than our loopback names are
 * refused: lib/server/testing/spoofs.ts.
 */
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import {
  issueTestCookie,
  isPassedOn,
  listApiRequests,
  listPagePaths,
  OWN_HOST,
  PROXY_PORT,
  PROXY_TOKEN as TOKEN,
  sendThroughProxy as send,
  stubProxyEnvironment,
} from "@/lib/server/testing/proxy-harness";
import { listOwnHosts, listSpoofedHosts, listSpoofedOrigins } from "@/lib/server/testing/spoofs";

let cleanUp: () => void;
beforeEach(() => (cleanUp = stubProxyEnvironment()));
afterEach(() => cleanUp());

const HOST_REFUSAL = {
  error:
    "This Host is not allowed. Open Toolscope at http://127.0.0.1:3000/, or add the host to TOOLSCOPE_ALLOWED_HOSTS.",
};
const ORIGIN_REFUSAL = { error: "Cross-origin requests are refused: the Origin must be this server's own." };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const everyPath = () => [
  ...new Set([
    ...listApiRequests().map(([path]) => path),
    ...listPagePaths(),
    "/_next/static/chunks/app.js",
    "/favicon.ico",
  ]),
];

/**
 * Every path with GET, and each state-changing method on an API route and on a page. The checks
 * run before any routing, so this reaches every branch of proxy.ts; the e2e suite sends the full
 * product of paths and methods over real HTTP.
 */
const everyRequest = (): [string, string][] => [
  ...everyPath().map((path): [string, string] => [path, "GET"]),
  ...["/api/sessions", "/"].flatMap((path) =>
    METHODS.slice(1).map((method): [string, string] => [path, method]),
  ),
];

async function collectFailures(
  check: (path: string, method: string) => Response,
  expected: { error: string },
): Promise<string[]> {
  const failures: string[] = [];
  for (const [path, method] of everyRequest()) {
    const response = check(path, method);
    const body = await response.text();
    if (response.status !== 403 || body !== JSON.stringify(expected))
      failures.push(`${method} ${path}: ${response.status} ${body}`);
    if (body.includes(TOKEN)) failures.push(`${method} ${path}: carries the token`);
  }
  return failures;
}

describe("Host spoofs", () => {
  it.each(listSpoofedHosts(PROXY_PORT))(
    "refuses Host %j everywhere with 403, even with the token",
    async (host) => {
      const withToken = {
        host,
        authorization: `Bearer ${TOKEN}`,
        cookie: `toolscope_3000=${issueTestCookie()}`,
      };
      expect(
        await collectFailures((path, method) => send(path, { method, headers: withToken }), HOST_REFUSAL),
      ).toEqual([]);
      expect(
        await collectFailures((path, method) => send(path, { method, headers: { host } }), HOST_REFUSAL),
      ).toEqual([]);
    },
  );

  it("refuses a missing Host everywhere", async () => {
    const withoutHost = (path: string, method: string) => {
      const request = new NextRequest(`http://${OWN_HOST}${path}`, { method });
      request.headers.delete("host");
      return proxy(request);
    };
    expect(await collectFailures(withoutHost, HOST_REFUSAL)).toEqual([]);
  });

  it.each(listOwnHosts(PROXY_PORT))("passes our own Host %j with the token on every path", (host) => {
    const headers = { host, authorization: `Bearer ${TOKEN}` };
    const refused = everyPath().filter((path) => !isPassedOn(send(path, { headers })));
    expect(refused).toEqual([]);
  });

  it("passes a host only once TOOLSCOPE_ALLOWED_HOSTS names it, and never the Host check's other refusals", () => {
    cleanUp();
    cleanUp = stubProxyEnvironment({ TOOLSCOPE_ALLOWED_HOSTS: "toolscope.lan" });
    const headers = { authorization: `Bearer ${TOKEN}` };
    expect(isPassedOn(send("/api/sessions", { headers: { ...headers, host: "toolscope.lan:3000" } }))).toBe(
      true,
    );
    expect(send("/api/sessions", { headers: { ...headers, host: "evil.toolscope.lan:3000" } }).status).toBe(
      403,
    );
    expect(
      send("/api/sessions", { headers: { ...headers, host: "toolscope.lan.evil.example" } }).status,
    ).toBe(403);
  });
});

describe("Origin spoofs", () => {
  it.each(listSpoofedOrigins(PROXY_PORT))(
    "refuses Origin %j everywhere with 403, GET included, even with the token",
    async (origin) => {
      const headers = { origin, authorization: `Bearer ${TOKEN}` };
      expect(
        await collectFailures((path, method) => send(path, { method, headers }), ORIGIN_REFUSAL),
      ).toEqual([]);
    },
  );

  it("passes our own Origin, and a request without one, with the token on every path and method", () => {
    const refused: string[] = [];
    for (const [path, method] of everyRequest())
      for (const extra of [{ origin: `http://${OWN_HOST}` }, {}] as Record<string, string>[]) {
        const response = send(path, { method, headers: { authorization: `Bearer ${TOKEN}`, ...extra } });
        if (!isPassedOn(response))
          refused.push(`${method} ${path} ${JSON.stringify(extra)}: ${response.status}`);
      }
    expect(refused).toEqual([]);
  });

  it("checks Host before Origin before the token: a spoofed Host with a foreign Origin and no token is a Host refusal", async () => {
    const response = send("/api/sessions", {
      method: "POST",
      headers: { host: "evil.example", origin: "null" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(HOST_REFUSAL);
    const originFirst = send("/api/sessions", { method: "POST", headers: { origin: "null" } });
    expect(await originFirst.json()).toEqual(ORIGIN_REFUSAL);
  });
});

/**
 * The launch token on every API route and every page, as the file system lists them: each way of
 * presenting a token that is not exactly the right one, in each place (header, cookie, query), is
 * refused, and no refusal carries the token. docs/api.md: the token comes as the cookie or
 * `Authorization: Bearer`; `?token=` is only the page link that sets the cookie.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  EXCHANGE_SET_COOKIE,
  issueTestCookie,
  isPassedOn,
  listApiRequests,
  listPagePaths,
  PROXY_TOKEN as TOKEN,
  sendThroughProxy as send,
  stubProxyEnvironment,
} from "@/lib/server/testing/proxy-harness";

let cleanUp: () => void;
beforeEach(() => (cleanUp = stubProxyEnvironment()));
afterEach(() => cleanUp());

const API_REFUSAL = /^Missing or wrong token\. Open the URL that `npm start` printed/;
const cookie = (value: string, name = "toolscope_3000") => ({
  cookie: `theme=dark; ${name}=${value}; lang=en`,
});
const VALID_COOKIE = issueTestCookie();
const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
const swapCase = (text: string) =>
  [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");

/** Presentations that are not the token: every one must be refused. */
const WRONG: [string, Record<string, string>][] = [
  ["no token at all", {}],
  ["a wrong bearer token of the same length", bearer("x".repeat(TOKEN.length))],
  ["a bearer prefix (all but the last character)", bearer(TOKEN.slice(0, -1))],
  ["a bearer prefix (the first half)", bearer(TOKEN.slice(0, TOKEN.length / 2))],
  ["the bearer token with a suffix", bearer(`${TOKEN}x`)],
  ["the bearer token in swapped case", bearer(swapCase(TOKEN))],
  ["the bearer token upper-cased", bearer(TOKEN.toUpperCase())],
  ["the bearer token followed by another word", bearer(`${TOKEN} extra`)],
  ["the token without a scheme", { authorization: TOKEN }],
  [
    "the token under the Basic scheme",
    { authorization: `Basic ${Buffer.from(`:${TOKEN}`).toString("base64")}` },
  ],
  ["the token under a Token scheme", { authorization: `Token ${TOKEN}` }],
  ["the token in X-Toolscope-Token", { "x-toolscope-token": TOKEN }],
  ["the token in X-Api-Key", { "x-api-key": TOKEN }],
  ["a wrong cookie", cookie("wrong-token-value-0123456789")],
  ["the launch token as the cookie", cookie(TOKEN)],
  ["the launch token under the old cookie name", cookie(TOKEN, "toolscope_token")],
  ["a cookie prefix", cookie(VALID_COOKIE.slice(0, -1))],
  ["the cookie with a suffix", cookie(`${VALID_COOKIE}x`)],
  ["the cookie in swapped case", cookie(swapCase(VALID_COOKIE))],
  ["the cookie under a name in another case", cookie(VALID_COOKIE, "Toolscope_3000")],
  ["the cookie of another port's server", cookie(issueTestCookie(TOKEN, 3001), "toolscope_3001")],
  ["another port's cookie under our name", cookie(issueTestCookie(TOKEN, 3001))],
  ["a cookie signed with another token", cookie(issueTestCookie(`${TOKEN}x`))],
  ["the cookie value in quotes", cookie(`"${VALID_COOKIE}"`)],
  ["a wrong bearer token beside the right cookie", { ...bearer("wrong"), ...cookie(VALID_COOKIE) }],
];

/** Presentations of the exact token that the design allows. */
const RIGHT: [string, Record<string, string>][] = [
  ["Authorization: Bearer", bearer(TOKEN)],
  ["the scheme in lower case", { authorization: `bearer ${TOKEN}` }],
  ["the scheme in upper case, extra spaces", { authorization: `BEARER   ${TOKEN}  ` }],
  ["the cookie among others", cookie(VALID_COOKIE)],
  [
    "the cookie after a shadowing duplicate",
    { cookie: `toolscope_3000=planted; toolscope_3000=${VALID_COOKIE}` },
  ],
  ["the right bearer token beside a wrong cookie", { ...bearer(TOKEN), ...cookie("wrong") }],
];

async function expectRefusedWithoutToken(response: Response, where: string, failures: string[]) {
  const body = await response.text();
  if (response.status !== 401) failures.push(`${where}: ${response.status}`);
  else if (!API_REFUSAL.test((JSON.parse(body) as { error: string }).error))
    failures.push(`${where}: ${body}`);
  if (body.includes(TOKEN) || JSON.stringify([...response.headers]).includes(TOKEN))
    failures.push(`${where}: the refusal carries the token`);
}

describe("the token on every API route and method", () => {
  const requests = listApiRequests();

  it("finds the routes on the file system, health among them", () => {
    expect(requests.length).toBeGreaterThanOrEqual(20);
    expect(requests).toContainEqual(["/api/health", "GET"]);
    expect(requests).toContainEqual(["/api/sessions/ses_matrix/calls/call_matrix/decision", "POST"]);
  });

  it.each(WRONG)("refuses %s with 401 (all but GET /api/health)", async (_name, headers) => {
    const failures: string[] = [];
    for (const [path, method] of requests) {
      const response = send(path, { method, headers });
      if (path === "/api/health" && method === "GET") {
        if (!isPassedOn(response)) failures.push(`GET /api/health: ${response.status}`);
        continue;
      }
      await expectRefusedWithoutToken(response, `${method} ${path}`, failures);
    }
    expect(failures).toEqual([]);
  });

  it.each(RIGHT)("passes the right token as %s on every route", (_name, headers) => {
    const refused = requests.filter(([path, method]) => !isPassedOn(send(path, { method, headers })));
    expect(refused).toEqual([]);
  });

  it("refuses the right token in the query string, under any spelling of the name", async () => {
    const failures: string[] = [];
    for (const [path, method] of requests.filter(([p]) => p !== "/api/health")) {
      for (const query of [`token=${TOKEN}`, `Token=${TOKEN}`, `%74oken=${TOKEN}`, `access_token=${TOKEN}`])
        await expectRefusedWithoutToken(
          send(`${path}?${query}`, { method }),
          `${method} ${path}?${query}`,
          failures,
        );
    }
    expect(failures).toEqual([]);
  });

  it("refuses every other method on health", async () => {
    const failures: string[] = [];
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
      await expectRefusedWithoutToken(send("/api/health", { method }), `${method} /api/health`, failures);
    expect(failures).toEqual([]);
  });
});

describe("the token on every page", () => {
  const pages = listPagePaths();

  it("finds the pages on the file system", () => {
    expect(pages).toEqual(
      expect.arrayContaining(["/", "/sessions/ses_matrix", "/settings", "/no-such-page"]),
    );
  });

  it("serves every page without a token (it holds no data; the API answers 401 and the UI shows a locked screen)", () => {
    expect(
      pages.filter((page) => !isPassedOn(send(page)) || !isPassedOn(send(page, { method: "HEAD" }))),
    ).toEqual([]);
  });

  it.each(WRONG)("refuses a state-changing request to a page with %s", async (_name, headers) => {
    const failures: string[] = [];
    for (const page of pages)
      for (const method of ["POST", "PUT", "PATCH", "DELETE"])
        await expectRefusedWithoutToken(send(page, { method, headers }), `${method} ${page}`, failures);
    expect(failures).toEqual([]);
  });

  it.each([
    ["a wrong token", "wrong-token-value-0123456789"],
    ["a prefix", TOKEN.slice(0, -1)],
    ["a suffix", `${TOKEN}x`],
    ["the wrong case", swapCase(TOKEN)],
    ["an empty token", ""],
    ["surrounding spaces", ` ${TOKEN} `],
  ])("answers a ?token= link with %s by 401, no cookie, no redirect, no echo", async (_name, candidate) => {
    const failures: string[] = [];
    for (const page of pages) {
      const response = send(`${page}?token=${encodeURIComponent(candidate)}`);
      const body = await response.text();
      const where = page;
      if (response.status !== 401) failures.push(`${where}: ${response.status}`);
      if (response.headers.get("set-cookie") !== null) failures.push(`${where}: sets a cookie`);
      if (response.headers.get("location") !== null) failures.push(`${where}: redirects`);
      if (!body.startsWith("The token in this link is wrong.")) failures.push(`${where}: ${body}`);
      if (candidate.trim() !== "" && body.includes(candidate.trim()))
        failures.push(`${where}: echoes the candidate`);
      if (body.includes(TOKEN)) failures.push(`${where}: carries the token`);
    }
    expect(failures).toEqual([]);
  });

  it("swaps the right ?token= for the HttpOnly SameSite=Strict cookie and a 303 to the same URL without it", () => {
    for (const page of pages) {
      const response = send(`${page}?a=1&token=${TOKEN}&b=2`);
      expect([page, response.status]).toEqual([page, 303]);
      expect(response.headers.get("location")).toBe(`http://127.0.0.1:3000${page}?a=1&b=2`);
      expect(response.headers.get("set-cookie")).toMatch(EXCHANGE_SET_COOKIE);
    }
  });
});

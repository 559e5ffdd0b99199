import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { proxy } from "@/proxy";
import { resetServerConfigCache } from "@/lib/server/config";
import { EXCHANGE_SET_COOKIE, issueTestCookie } from "@/lib/server/testing/proxy-harness";
import { resetTokenCache } from "@/lib/server/token";

const TOKEN = "proxy-test-token-0123456789abcdef";
const ORIGIN = "http://127.0.0.1:3000";
let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-proxy-"));
  vi.stubEnv("PORT", "3000");
  vi.stubEnv("TOOLSCOPE_DATA_DIR", dataDir);
  vi.stubEnv("TOOLSCOPE_TOKEN", TOKEN);
  vi.stubEnv("TOOLSCOPE_ALLOWED_HOSTS", "toolscope.lan");
  vi.stubEnv("NODE_ENV", "production");
  resetServerConfigCache();
  resetTokenCache();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetServerConfigCache();
  resetTokenCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function send(
  pathAndQuery: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Response {
  const headers = { host: "127.0.0.1:3000", ...init.headers };
  return proxy(new NextRequest(`${ORIGIN}${pathAndQuery}`, { method: init.method ?? "GET", headers }));
}

const isPassedOn = (response: Response) => response.headers.get("x-middleware-next") === "1";
const withCookie = (value = issueTestCookie(TOKEN)) => ({ cookie: `toolscope_3000=${value}` });

describe("proxy: Host and Origin", () => {
  it.each([
    "evil.example",
    "localhost.evil.example:3000",
    "127.0.0.1.nip.io:3000",
    "10.0.0.1:3000",
    "127.0.0.1:3001",
  ])("refuses Host %j with 403 before anything else, even with the token", async (host) => {
    const response = send("/api/sessions", { headers: { host, ...withCookie() } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error:
        "This Host is not allowed. Open Toolscope at http://127.0.0.1:3000/, or add the host to TOOLSCOPE_ALLOWED_HOSTS.",
    });
  });

  it("refuses a missing Host on static files too", () => {
    const request = new NextRequest(`${ORIGIN}/_next/static/chunks/app.js`);
    request.headers.delete("host");
    expect(proxy(request).status).toBe(403);
  });

  it("allows a configured extra host", () => {
    expect(isPassedOn(send("/", { headers: { host: "toolscope.lan" } }))).toBe(true);
  });

  it.each(["http://evil.example", "null", "https://127.0.0.1:3000"])(
    "refuses Origin %j with 403",
    async (origin) => {
      const response = send("/api/sessions", { method: "POST", headers: { origin, ...withCookie() } });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: "Cross-origin requests are refused: the Origin must be this server's own.",
      });
    },
  );

  it("allows our own Origin", () => {
    expect(
      isPassedOn(send("/api/sessions", { method: "POST", headers: { origin: ORIGIN, ...withCookie() } })),
    ).toBe(true);
  });
});

describe("proxy: API token", () => {
  it.each([
    ["no token", {}],
    ["a wrong cookie", withCookie("wrong")],
    ["a prefix of the token", withCookie(TOKEN.slice(0, 10))],
    ["the launch token itself as the cookie", withCookie(TOKEN)],
    ["a wrong bearer token", { authorization: "Bearer nope" }],
  ])("answers 401 JSON to %s", async (_name, headers) => {
    const response = send("/api/sessions", { headers });
    expect(response.status).toBe(401);
    expect(response.headers.get("content-type")).toBe("application/json");
    const body = (await response.json()) as { error: string };
    expect(body.error).toMatch(/^Missing or wrong token\. Open the URL that `npm start` printed/);
  });

  it("does not accept ?token= on the API", () => {
    expect(send(`/api/sessions?token=${TOKEN}`).status).toBe(401);
  });

  it.each(["/API/sessions", "//api/sessions", "/%61pi/sessions"])(
    "guards the disguised API path %j",
    (pathname) => {
      expect(send(pathname).status).toBe(401);
    },
  );

  it("passes a request with the cookie or the bearer token, adding security headers", () => {
    for (const headers of [withCookie(), { authorization: `Bearer ${TOKEN}` }]) {
      const response = send("/api/sessions", { headers });
      expect(isPassedOn(response)).toBe(true);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("lets GET /api/health through without a token, but not POST", () => {
    expect(isPassedOn(send("/api/health"))).toBe(true);
    expect(send("/api/health", { method: "POST" }).status).toBe(401);
  });

  it("sets no CSP and no nonce on the API", () => {
    const response = send("/api/sessions", { headers: withCookie() });
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-middleware-request-x-nonce")).toBeNull();
  });

  it("needs the token for a non-GET request to a page (server actions)", () => {
    expect(send("/settings", { method: "POST" }).status).toBe(401);
    expect(isPassedOn(send("/settings", { method: "POST", headers: withCookie() }))).toBe(true);
  });
});

describe("proxy: ?token= exchange", () => {
  it("sets the HttpOnly SameSite=Strict cookie and answers 303 to the URL without the token", () => {
    const response = send(`/sessions/abc?seq=4&token=${TOKEN}&lang=zh`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://127.0.0.1:3000/sessions/abc?seq=4&lang=zh");
    expect(response.headers.get("set-cookie")).toMatch(EXCHANGE_SET_COOKIE);
    expect(response.headers.get("set-cookie")).not.toContain(TOKEN);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps the Host the browser used, so the cookie applies where it lands", () => {
    const response = send(`/?token=${TOKEN}`, { headers: { host: "localhost:3000" } });
    expect(response.headers.get("location")).toBe("http://localhost:3000/");
  });

  it.each(["wrong-token", "", TOKEN.slice(0, -1)])(
    "answers 401 without echoing a wrong token %j",
    async (token) => {
      const response = send(`/?token=${encodeURIComponent(token)}`);
      expect(response.status).toBe(401);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(response.headers.get("location")).toBeNull();
      const text = await response.text();
      expect(text).toMatch(/^The token in this link is wrong\./);
      if (token) expect(text).not.toContain(token);
      expect(text).not.toContain(TOKEN);
    },
  );
});

describe("proxy: pages", () => {
  function readCsp(response: Response): {
    header: string | null;
    forwarded: string | null;
    nonce: string | null;
  } {
    return {
      header: response.headers.get("content-security-policy"),
      forwarded: response.headers.get("x-middleware-request-content-security-policy"),
      nonce: response.headers.get("x-middleware-request-x-nonce"),
    };
  }

  it("serves a page without a token, with the CSP, a nonce and the security headers", () => {
    const response = send("/sessions/abc");
    expect(isPassedOn(response)).toBe(true);
    const { header, forwarded, nonce } = readCsp(response);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(header).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic';`);
    expect(header).not.toContain("unsafe-eval");
    expect(forwarded).toBe(header);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("makes a fresh nonce for every request", () => {
    const first = readCsp(send("/")).nonce;
    const second = readCsp(send("/")).nonce;
    expect(first).not.toBeNull();
    expect(first).not.toBe(second);
  });

  it("adds 'unsafe-eval' in development only", () => {
    vi.stubEnv("NODE_ENV", "development");
    expect(readCsp(send("/")).header).toContain("'strict-dynamic' 'unsafe-eval';");
  });

  it.each(["/_next/static/chunks/main.js", "/_next/image?url=%2Fa.png&w=64&q=75", "/favicon.ico"])(
    "passes %j without a CSP",
    (pathname) => {
      const response = send(pathname);
      expect(isPassedOn(response)).toBe(true);
      expect(readCsp(response).header).toBeNull();
    },
  );

  it("never puts the token in a response to a request that does not hold it", async () => {
    for (const response of [send("/"), send("/api/sessions"), send("/api/health"), send("/?token=nope")]) {
      const headers = JSON.stringify([...response.headers]);
      expect(headers).not.toContain(TOKEN);
      expect(await response.text()).not.toContain(TOKEN);
    }
  });
});

describe("a path that is not valid percent-encoded UTF-8", () => {
  const auth = { authorization: `Bearer ${TOKEN}` };

  it.each(["/api/sessions/%FF%FE", "/api/sessions/%FF/events", "/api/%E0%A4%A"])(
    "%s: 400 under /api (after the token check), never passed on",
    async (path) => {
      const answer = send(path, { headers: auth });
      expect(isPassedOn(answer)).toBe(false);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: "The path is not valid percent-encoded UTF-8." });
      expect(send(path).status).toBe(401);
    },
  );

  it.each(["/sessions/%FF", "/sessions/%C3%28/compare"])("%s: 404 for a page", (path) => {
    const answer = send(path);
    expect(isPassedOn(answer)).toBe(false);
    expect(answer.status).toBe(404);
  });

  it("leaves well-encoded paths alone", () => {
    expect(isPassedOn(send("/sessions/ses_%C3%A9"))).toBe(true);
    expect(isPassedOn(send("/api/sessions/a%20b", { headers: auth }))).toBe(true);
  });
});

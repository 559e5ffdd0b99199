import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  authCookieName,
  isAllowedHost,
  isAllowedOrigin,
  isAuthorized,
  issueAuthCookie,
  revokeAuthCookies,
} from "@/lib/server/auth";
import { cookieValueValid, issueCookieValue, readBearer } from "@/lib/server/auth-core.mjs";
import { parseServerConfig, resetServerConfigCache } from "@/lib/server/config";
import { resetTokenCache } from "@/lib/server/token";

const config = parseServerConfig({
  PORT: "3000",
  TOOLSCOPE_ALLOWED_HOSTS: "toolscope.lan,box.lan:8443,192.168.1.20",
});

describe("isAllowedHost", () => {
  it.each(["127.0.0.1:3000", "localhost:3000", "[::1]:3000", "LOCALHOST:3000", " localhost:3000 "])(
    "allows %j",
    (host) => {
      expect(isAllowedHost(host, config)).toBe(true);
    },
  );

  it.each([
    ["a foreign name", "evil.example"],
    ["a foreign name with our port", "evil.example:3000"],
    ["a name that starts with localhost", "localhost.evil.example:3000"],
    ["a rebinding name that embeds loopback", "127.0.0.1.nip.io:3000"],
    ["a LAN IP literal", "10.0.0.1:3000"],
    ["another loopback address", "127.0.0.2:3000"],
    ["an IPv4-mapped loopback", "[::ffff:127.0.0.1]:3000"],
    ["loopback on another port", "127.0.0.1:3001"],
    ["localhost on another port", "localhost:80"],
    ["loopback without a port", "127.0.0.1"],
    ["localhost without a port", "localhost"],
    ["a fully qualified localhost", "localhost.:3000"],
    ["an empty Host", ""],
    ["userinfo", "user@localhost:3000"],
    ["two Host values", "localhost:3000, evil.example"],
    ["a configured host on another explicit port", "box.lan:9000"],
  ])("refuses %s (%j)", (_name, host) => {
    expect(isAllowedHost(host, config)).toBe(false);
  });

  it("refuses a missing Host", () => {
    expect(isAllowedHost(null, config)).toBe(false);
    expect(isAllowedHost(undefined, config)).toBe(false);
  });

  it("allows loopback without a port only when we listen on 80", () => {
    const onEighty = parseServerConfig({ PORT: "80" });
    expect(isAllowedHost("localhost", onEighty)).toBe(true);
    expect(isAllowedHost("127.0.0.1:80", onEighty)).toBe(true);
    expect(isAllowedHost("localhost:3000", onEighty)).toBe(false);
  });

  it.each(["toolscope.lan", "toolscope.lan:3000", "TOOLSCOPE.LAN:443", "box.lan:8443", "192.168.1.20:3000"])(
    "allows the configured extra host %j",
    (host) => {
      expect(isAllowedHost(host, config)).toBe(true);
    },
  );

  it("refuses an extra host that is not configured", () => {
    expect(isAllowedHost("toolscope.lan:3000", parseServerConfig({}))).toBe(false);
  });
});

describe("isAllowedOrigin", () => {
  it("allows a request without Origin", () => {
    expect(isAllowedOrigin(null, "127.0.0.1:3000")).toBe(true);
    expect(isAllowedOrigin(undefined, "127.0.0.1:3000")).toBe(true);
  });

  it.each([
    ["127.0.0.1:3000", "http://127.0.0.1:3000"],
    ["localhost:3000", "http://localhost:3000"],
    ["[::1]:3000", "http://[::1]:3000"],
    ["toolscope.lan", "http://toolscope.lan"],
  ])("allows our own origin for Host %j", (host, origin) => {
    expect(isAllowedOrigin(origin, host)).toBe(true);
  });

  it.each([
    ["a foreign site", "http://evil.example"],
    ["the opaque origin", "null"],
    ["https instead of http", "https://127.0.0.1:3000"],
    ["another loopback name", "http://localhost:3000"],
    ["another port", "http://127.0.0.1:3001"],
    ["no port", "http://127.0.0.1"],
    ["a trailing slash", "http://127.0.0.1:3000/"],
    ["an empty Origin", ""],
  ])("refuses %s", (_name, origin) => {
    expect(isAllowedOrigin(origin, "127.0.0.1:3000")).toBe(false);
  });

  it("refuses any Origin when Host is missing", () => {
    expect(isAllowedOrigin("http://127.0.0.1:3000", null)).toBe(false);
  });
});

describe("readBearer", () => {
  it("reads a bearer token", () => {
    expect(readBearer(new Headers({ authorization: "Bearer abc.def-123" }).get("authorization"))).toBe(
      "abc.def-123",
    );
    expect(readBearer(new Headers({ authorization: "bearer   xyz  " }).get("authorization"))).toBe("xyz");
  });

  it.each([
    ["no headers", {}],
    ["another scheme", { authorization: "Basic dXNlcjpwYXNz" }],
    ["an empty bearer", { authorization: "Bearer " }],
    ["only a cookie", { cookie: "toolscope_3000=abc" }],
  ])("returns null for %s", (_name, init) => {
    expect(readBearer(new Headers(init).get("authorization"))).toBeNull();
  });
});

describe("the auth cookie", () => {
  const TOKEN = "the-launch-token-0123456789";
  const settings = {
    token: TOKEN,
    port: 3000,
    nowSeconds: 1_000_000,
    lifetimeSeconds: 86_400,
    revokedBefore: 0,
  };

  it("is a signed, dated value, never the token, and valid only for its port and key", () => {
    const value = issueCookieValue(TOKEN, 3000, 1_000_000);
    expect(value).not.toContain(TOKEN);
    expect(value).toMatch(/^1000000\.[A-Za-z0-9_-]{43}$/);
    expect(cookieValueValid(value, settings)).toBe(true);
    expect(cookieValueValid(value, { ...settings, port: 3001 })).toBe(false);
    expect(cookieValueValid(value, { ...settings, token: `${TOKEN}x` })).toBe(false);
    expect(cookieValueValid(TOKEN, settings)).toBe(false);
  });

  it("expires after its lifetime, is refused from the future and when revoked", () => {
    const value = issueCookieValue(TOKEN, 3000, 1_000_000);
    expect(cookieValueValid(value, { ...settings, nowSeconds: 1_000_000 + 86_400 })).toBe(true);
    expect(cookieValueValid(value, { ...settings, nowSeconds: 1_000_000 + 86_401 })).toBe(false);
    expect(cookieValueValid(value, { ...settings, nowSeconds: 1_000_000 - 61 })).toBe(false);
    expect(cookieValueValid(value, { ...settings, revokedBefore: 1_000_001 })).toBe(false);
    expect(cookieValueValid(value, { ...settings, revokedBefore: 1_000_000 })).toBe(true);
  });

  it("has one name per port", () => {
    expect(authCookieName(parseServerConfig({ PORT: "3000" }))).toBe("toolscope_3000");
    expect(authCookieName(parseServerConfig({ PORT: "3111" }))).toBe("toolscope_3111");
  });
});

describe("isAuthorized", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-auth-"));
    vi.stubEnv("TOOLSCOPE_DATA_DIR", dataDir);
    vi.stubEnv("TOOLSCOPE_TOKEN", "the-launch-token-0123456789");
    vi.stubEnv("PORT", "3000");
    resetServerConfigCache();
    resetTokenCache();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetServerConfigCache();
    resetTokenCache();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const serverConfig = () => parseServerConfig(process.env);

  it("accepts the launch token as a bearer token, and an issued cookie", () => {
    expect(isAuthorized(new Headers({ authorization: "Bearer the-launch-token-0123456789" }))).toBe(true);
    const cookie = `toolscope_3000=${issueAuthCookie(serverConfig())}`;
    expect(isAuthorized(new Headers({ cookie }))).toBe(true);
  });

  it("refuses the launch token as a cookie, a wrong token, and nothing", () => {
    expect(isAuthorized(new Headers({ cookie: "toolscope_3000=the-launch-token-0123456789" }))).toBe(false);
    expect(isAuthorized(new Headers({ cookie: "toolscope_token=the-launch-token-0123456789" }))).toBe(false);
    expect(isAuthorized(new Headers({ authorization: "Bearer the-launch-token" }))).toBe(false);
    expect(isAuthorized(new Headers())).toBe(false);
  });

  it("ignores a shadowing duplicate planted before the real cookie", () => {
    const real = issueAuthCookie(serverConfig());
    expect(isAuthorized(new Headers({ cookie: `toolscope_3000=planted; toolscope_3000=${real}` }))).toBe(
      true,
    );
  });

  it("refuses a cookie of another port's server, and every cookie issued before a revocation", () => {
    const other = issueAuthCookie(parseServerConfig({ ...process.env, PORT: "3001" }));
    expect(isAuthorized(new Headers({ cookie: `toolscope_3000=${other}` }))).toBe(false);
    const issued = issueAuthCookie(serverConfig(), Date.now() - 5_000);
    expect(isAuthorized(new Headers({ cookie: `toolscope_3000=${issued}` }))).toBe(true);
    revokeAuthCookies(serverConfig());
    expect(isAuthorized(new Headers({ cookie: `toolscope_3000=${issued}` }))).toBe(false);
    expect(fs.statSync(path.join(dataDir, "cookies-revoked-before")).mode & 0o777).toBe(0o600);
  });
});

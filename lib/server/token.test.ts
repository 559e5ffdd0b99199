import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseServerConfig } from "@/lib/server/config";
import { resetTokenCache, resolveToken, tokenMatches } from "@/lib/server/token";

let dataDir: string;

beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-token-")), "nested", "data");
  resetTokenCache();
});

afterEach(() => {
  vi.restoreAllMocks();
  resetTokenCache();
  fs.rmSync(path.dirname(path.dirname(dataDir)), { recursive: true, force: true });
});

describe("resolveToken", () => {
  it("generates a 32-byte base64url token in <dataDir>/token with mode 0600", () => {
    const token = resolveToken(parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir }));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(dataDir, "token");
    expect(fs.readFileSync(file, "utf8")).toBe(token);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(["token"]);
    expect(fs.statSync(dataDir).mode & 0o077).toBe(0);
  });

  it("returns the same token on a second resolve, and after a restart", () => {
    const config = parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir });
    const first = resolveToken(config);
    expect(resolveToken(config)).toBe(first);
    resetTokenCache(); // a new process
    expect(resolveToken(config)).toBe(first);
  });

  it("keeps the token a racing process published first", () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, "token"), "the-winner-token-abcdef\n", { mode: 0o600 });
    expect(resolveToken(parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir }))).toBe("the-winner-token-abcdef");
  });

  it("adopts the token of a process that publishes between our write and our publish", () => {
    const link = fs.linkSync;
    vi.spyOn(fs, "linkSync").mockImplementation((from, to) => {
      fs.writeFileSync(to, "the-other-process-token-abc", { mode: 0o600 });
      link(from, to);
    });
    expect(resolveToken(parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir }))).toBe(
      "the-other-process-token-abc",
    );
    expect(fs.readdirSync(dataDir)).toEqual(["token"]);
  });

  it("prefers TOOLSCOPE_TOKEN and writes no file", () => {
    const config = parseServerConfig({
      TOOLSCOPE_DATA_DIR: dataDir,
      TOOLSCOPE_TOKEN: "env-token-0123456789",
    });
    expect(resolveToken(config)).toBe("env-token-0123456789");
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("refuses a token file that holds no usable token", () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, "token"), " \n");
    expect(() => resolveToken(parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir }))).toThrow(
      /holds no usable token/,
    );
  });
});

describe("tokenMatches", () => {
  const token = "Vq3x-secret_token-0123456789abcdefghijklmno";

  it("accepts the exact token", () => {
    expect(tokenMatches(token, token)).toBe(true);
  });

  it.each([
    ["a prefix of the token", token.slice(0, 20)],
    ["the token plus a character", `${token}x`],
    ["the token with one character changed", `${token.slice(0, -1)}p`],
    ["a different case", token.toUpperCase()],
    ["an empty string", ""],
    ["a much longer string", token.repeat(4)],
  ])("refuses %s", (_name, candidate) => {
    expect(tokenMatches(candidate, token)).toBe(false);
  });

  it("refuses a missing candidate and never matches an empty token", () => {
    expect(tokenMatches(null, token)).toBe(false);
    expect(tokenMatches(undefined, token)).toBe(false);
    expect(tokenMatches("", "")).toBe(false);
  });
});

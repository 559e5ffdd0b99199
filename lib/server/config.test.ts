import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadServerConfig, parseServerConfig, resetServerConfigCache } from "@/lib/server/config";

afterEach(() => {
  vi.unstubAllEnvs();
  resetServerConfigCache();
});

describe("parseServerConfig", () => {
  it("uses the defaults for an empty environment", () => {
    expect(parseServerConfig({})).toEqual({
      host: "127.0.0.1",
      port: 3000,
      dataDir: path.resolve("./.data"),
      allowedHosts: [],
      tokenFromEnv: null,
      anthropicApiKey: null,
      openaiApiKey: null,
      compatApiKey: null,
      cookieDays: 30,
      otlp: null,
      databaseUrl: null,
    });
  });

  it("reads every variable", () => {
    const config = parseServerConfig({
      TOOLSCOPE_HOST: "0.0.0.0",
      PORT: "4100",
      TOOLSCOPE_DATA_DIR: "/tmp/toolscope-data",
      TOOLSCOPE_ALLOWED_HOSTS: " Toolscope.LAN , box:8080,,",
      TOOLSCOPE_TOKEN: "from-env-token-123",
      ANTHROPIC_API_KEY: "sk-ant-x",
      OPENAI_API_KEY: "sk-openai-y",
      TOOLSCOPE_COMPAT_API_KEY: "compat-key-z",
      TOOLSCOPE_COOKIE_DAYS: "7",
      TOOLSCOPE_OTLP_ENDPOINT: "http://127.0.0.1:4318",
      TOOLSCOPE_OTLP_PROTOCOL: "http/json",
      TOOLSCOPE_OTLP_HEADERS: "Authorization=Basic%20abc, x-team = one",
      TOOLSCOPE_OTLP_CONTENT: "true",
      TOOLSCOPE_DATABASE_URL: "postgres://toolscope@db.lan/toolscope",
    });
    expect(config).toEqual({
      host: "0.0.0.0",
      port: 4100,
      dataDir: "/tmp/toolscope-data",
      allowedHosts: ["toolscope.lan", "box:8080"],
      tokenFromEnv: "from-env-token-123",
      anthropicApiKey: "sk-ant-x",
      openaiApiKey: "sk-openai-y",
      compatApiKey: "compat-key-z",
      cookieDays: 7,
      otlp: {
        url: "http://127.0.0.1:4318/v1/traces",
        protocol: "http/json",
        headers: { Authorization: "Basic abc", "x-team": "one" },
        captureContent: true,
      },
      databaseUrl: "postgres://toolscope@db.lan/toolscope",
    });
  });

  it("refuses a TOOLSCOPE_DATABASE_URL that is not a Postgres URL", () => {
    expect(() => parseServerConfig({ TOOLSCOPE_DATABASE_URL: "mysql://db/x" })).toThrow(
      /TOOLSCOPE_DATABASE_URL/,
    );
    expect(parseServerConfig({ TOOLSCOPE_DATABASE_URL: "postgresql:///x?host=/tmp" }).databaseUrl).toBe(
      "postgresql:///x?host=/tmp",
    );
  });

  it("keeps an OTLP traces URL as given and defaults to protobuf without content", () => {
    expect(parseServerConfig({ TOOLSCOPE_OTLP_ENDPOINT: "https://otel.example/api/v1/traces" }).otlp).toEqual(
      {
        url: "https://otel.example/api/v1/traces",
        protocol: "http/protobuf",
        headers: {},
        captureContent: false,
      },
    );
  });

  it.each([
    [{ TOOLSCOPE_OTLP_ENDPOINT: "not a url" }, /TOOLSCOPE_OTLP_ENDPOINT/],
    [{ TOOLSCOPE_OTLP_ENDPOINT: "ftp://host/x" }, /TOOLSCOPE_OTLP_ENDPOINT/],
    [{ TOOLSCOPE_OTLP_ENDPOINT: "http://h", TOOLSCOPE_OTLP_PROTOCOL: "grpc" }, /TOOLSCOPE_OTLP_PROTOCOL/],
    [{ TOOLSCOPE_OTLP_ENDPOINT: "http://h", TOOLSCOPE_OTLP_HEADERS: "novalue" }, /TOOLSCOPE_OTLP_HEADERS/],
    [{ TOOLSCOPE_OTLP_ENDPOINT: "http://h", TOOLSCOPE_OTLP_CONTENT: "yes" }, /TOOLSCOPE_OTLP_CONTENT/],
  ])("refuses a malformed OTLP setting, naming it (%o)", (env, message) => {
    expect(() => parseServerConfig(env)).toThrow(message);
  });

  it.each(["0", "3651", "1.5", "thirty"])("refuses TOOLSCOPE_COOKIE_DAYS=%s, naming it", (days) => {
    expect(() => parseServerConfig({ TOOLSCOPE_COOKIE_DAYS: days })).toThrow(/TOOLSCOPE_COOKIE_DAYS/);
  });

  it("resolves a relative data dir against the working directory", () => {
    expect(parseServerConfig({ TOOLSCOPE_DATA_DIR: "state" }).dataDir).toBe(
      path.join(process.cwd(), "state"),
    );
  });

  it("treats empty values as unset", () => {
    const config = parseServerConfig({ TOOLSCOPE_TOKEN: "  ", PORT: "", ANTHROPIC_API_KEY: "" });
    expect([config.tokenFromEnv, config.port, config.anthropicApiKey]).toEqual([null, 3000, null]);
  });

  it.each(["abc", "0", "65536", "3000.5", "-1", "30 00"])("refuses PORT=%j naming the variable", (port) => {
    expect(() => parseServerConfig({ PORT: port })).toThrow(
      `PORT must be a whole number from 1 to 65535, got ${JSON.stringify(port)}.`,
    );
  });

  it("refuses an allowed host written as a URL", () => {
    expect(() => parseServerConfig({ TOOLSCOPE_ALLOWED_HOSTS: "http://box" })).toThrow(
      /^TOOLSCOPE_ALLOWED_HOSTS: "http:\/\/box"/,
    );
  });
});

describe("loadServerConfig", () => {
  it("caches the process config until reset", () => {
    vi.stubEnv("PORT", "4001");
    const first = loadServerConfig();
    vi.stubEnv("PORT", "4002");
    expect(loadServerConfig()).toBe(first);
    resetServerConfigCache();
    expect(loadServerConfig().port).toBe(4002);
  });

  it("does not cache an explicit environment", () => {
    vi.stubEnv("PORT", "4001");
    expect(loadServerConfig({ PORT: "5000" }).port).toBe(5000);
    expect(loadServerConfig().port).toBe(4001);
  });
});

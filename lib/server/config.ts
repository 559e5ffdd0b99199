import "server-only";
import path from "node:path";
import { resolveTracesUrl, type OtlpSettings } from "@/lib/agent/otlp/settings";
import { splitAllowedHosts } from "./auth-core.mjs";

/** The server's settings, read once from the environment. Holds secrets: never send it to a page. */
export interface ServerConfig {
  /** The interface to bind to (`TOOLSCOPE_HOST`, default `127.0.0.1`). */
  readonly host: string;
  /** The port we listen on (`PORT`, default 3000); the Host check expects it. */
  readonly port: number;
  /** Absolute path of the data directory (`TOOLSCOPE_DATA_DIR`, default `./.data`). */
  readonly dataDir: string;
  /** Extra allowed `Host` values, lower-cased, each `name` or `name:port` (`TOOLSCOPE_ALLOWED_HOSTS`). */
  readonly allowedHosts: readonly string[];
  /** The launch token from `TOOLSCOPE_TOKEN`, or `null` to use the one in the data dir. */
  readonly tokenFromEnv: string | null;
  readonly anthropicApiKey: string | null;
  readonly openaiApiKey: string | null;
  /**
   * The key sent to the OpenAI-compatible capture upstream (`TOOLSCOPE_COMPAT_API_KEY`), or
   * `null` to send none: another provider's key never goes to a compatible server.
   */
  readonly compatApiKey: string | null;
  /** How long a browser's auth cookie lasts, in days (`TOOLSCOPE_COOKIE_DAYS`, default 30). */
  readonly cookieDays: number;
  /** The OTLP export (`TOOLSCOPE_OTLP_ENDPOINT`, `_PROTOCOL`, `_HEADERS`, `_CONTENT`), or `null` when off. */
  readonly otlp: OtlpSettings | null;
  /** The Postgres database shared by several instances (`TOOLSCOPE_DATABASE_URL`), or `null` for SQLite in the data dir. */
  readonly databaseUrl: string | null;
}

/** An environment to read: `process.env` or a plain object in tests. */
export type ServerEnv = Readonly<Record<string, string | undefined>>;

const CACHE_KEY = Symbol.for("toolscope.serverConfig");
const HOST_ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/;

type ConfigCache = { [CACHE_KEY]?: ServerConfig };

/**
 * Reads the server config. With `process.env` (the default) the result is cached on
 * `globalThis`, because Next.js may load this module once per route bundle; any other `env`
 * is parsed afresh and not cached.
 * @throws Error naming the variable when `PORT` or `TOOLSCOPE_ALLOWED_HOSTS` is malformed.
 */
export function loadServerConfig(env: ServerEnv = process.env): ServerConfig {
  if (env !== process.env) return parseServerConfig(env);
  const cache = globalThis as ConfigCache;
  cache[CACHE_KEY] ??= parseServerConfig(env);
  return cache[CACHE_KEY];
}

/** Forgets the cached config, so the next {@link loadServerConfig} reads `process.env` again (tests). */
export function resetServerConfigCache(): void {
  delete (globalThis as ConfigCache)[CACHE_KEY];
}

/** Parses a config from `env` without caching. Throws like {@link loadServerConfig}. */
export function parseServerConfig(env: ServerEnv): ServerConfig {
  return Object.freeze({
    host: readText(env.TOOLSCOPE_HOST) ?? "127.0.0.1",
    port: parsePort(env.PORT),
    // The comment keeps Turbopack from tracing the whole project as files this path might name.
    dataDir: path.resolve(
      /* turbopackIgnore: true */ process.cwd(),
      readText(env.TOOLSCOPE_DATA_DIR) ?? "./.data",
    ),
    allowedHosts: Object.freeze(parseAllowedHosts(env.TOOLSCOPE_ALLOWED_HOSTS)),
    tokenFromEnv: readText(env.TOOLSCOPE_TOKEN),
    anthropicApiKey: readText(env.ANTHROPIC_API_KEY),
    openaiApiKey: readText(env.OPENAI_API_KEY),
    compatApiKey: readText(env.TOOLSCOPE_COMPAT_API_KEY),
    cookieDays: parseCookieDays(env.TOOLSCOPE_COOKIE_DAYS),
    otlp: parseOtlp(env),
    databaseUrl: parseDatabaseUrl(readText(env.TOOLSCOPE_DATABASE_URL)),
  });
}

/** `TOOLSCOPE_DATABASE_URL`: a `postgres://` or `postgresql://` URL, or nothing (SQLite). */
function parseDatabaseUrl(text: string | null): string | null {
  if (text === null) return null;
  if (!/^postgres(ql)?:\/\//.test(text))
    throw new Error("TOOLSCOPE_DATABASE_URL must be a postgres:// or postgresql:// URL.");
  return text;
}

/**
 * The OTLP export settings, as the OpenTelemetry exporters read theirs: an endpoint (a base URL,
 * `/v1/traces` appended, or the traces URL itself), `http/protobuf` (default) or `http/json`,
 * headers as `key=value,key=value` (values percent-decoded), and `TOOLSCOPE_OTLP_CONTENT=true`
 * for the opt-in content attributes.
 */
function parseOtlp(env: ServerEnv): OtlpSettings | null {
  const endpoint = readText(env.TOOLSCOPE_OTLP_ENDPOINT);
  if (endpoint === null) return null;
  let url: string;
  try {
    url = resolveTracesUrl(endpoint);
  } catch {
    throw new Error(`TOOLSCOPE_OTLP_ENDPOINT must be an http(s) URL; got "${endpoint}".`);
  }
  if (!/^https?:/.test(url))
    throw new Error(`TOOLSCOPE_OTLP_ENDPOINT must be an http(s) URL; got "${endpoint}".`);
  const protocol = readText(env.TOOLSCOPE_OTLP_PROTOCOL) ?? "http/protobuf";
  if (protocol !== "http/protobuf" && protocol !== "http/json")
    throw new Error(`TOOLSCOPE_OTLP_PROTOCOL must be http/protobuf or http/json; got "${protocol}".`);
  const content = readText(env.TOOLSCOPE_OTLP_CONTENT);
  if (content !== null && content !== "true" && content !== "false")
    throw new Error(`TOOLSCOPE_OTLP_CONTENT must be true or false; got "${content}".`);
  return Object.freeze({
    url,
    protocol,
    headers: Object.freeze(parseOtlpHeaders(readText(env.TOOLSCOPE_OTLP_HEADERS))),
    captureContent: content === "true",
  });
}

function parseOtlpHeaders(text: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of (text ?? "").split(",")) {
    if (!entry.trim()) continue;
    const at = entry.indexOf("=");
    if (at <= 0) throw new Error("TOOLSCOPE_OTLP_HEADERS must be key=value pairs separated by commas.");
    try {
      headers[decodeURIComponent(entry.slice(0, at).trim())] = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      throw new Error("TOOLSCOPE_OTLP_HEADERS holds a value that is not valid percent-encoding.");
    }
  }
  return headers;
}

function parseCookieDays(value: string | undefined): number {
  const text = readText(value);
  if (text === null) return 30;
  const days = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(days >= 1 && days <= 3650))
    throw new Error(`TOOLSCOPE_COOKIE_DAYS must be a whole number of days from 1 to 3650; got "${text}".`);
  return days;
}

function readText(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function parsePort(value: string | undefined): number {
  const text = readText(value);
  if (text === null) return 3000;
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw new Error(`PORT must be a whole number from 1 to 65535, got ${JSON.stringify(value)}.`);
  }
  return port;
}

function parseAllowedHosts(value: string | undefined): string[] {
  const entries = splitAllowedHosts(value);
  for (const entry of entries) {
    if (!HOST_ENTRY.test(entry)) {
      throw new Error(
        `TOOLSCOPE_ALLOWED_HOSTS: ${JSON.stringify(entry)} is not a host; write host or host:port, comma-separated, without a scheme.`,
      );
    }
  }
  return entries;
}

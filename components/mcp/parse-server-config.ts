import type { McpServerConfig } from "@/lib/trace/config";
import { tryParseJson } from "@/lib/protocol/json-value";

/** Pasted text read as MCP servers, or why not, with a JSON Pointer into what was pasted. */
export type ParsedServers =
  { ok: true; servers: Record<string, McpServerConfig> } | { ok: false; error: string; path: string };

type Entry = { ok: true; server: McpServerConfig } | { ok: false; error: string; path: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** An object of a server entry (it says how to reach the server) rather than of named entries. */
const looksLikeEntry = (value: Record<string, unknown>) =>
  "command" in value || "url" in value || "type" in value;

const escapePointer = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/**
 * Reads what a person pastes from a Claude Code or Claude Desktop config: the whole
 * `{ "mcpServers": { … } }` object, the named entries alone (`{ "fs": { … } }`), or one bare entry
 * (`{ "command": "npx", … }`, named `fallbackName`). An entry without `type` is stdio when it has
 * a `command` and Streamable HTTP when it has a `url`, as both clients read it. Fields the MCP
 * contract does not know are dropped; a wrong type of a known one is an error naming its path.
 */
export function parseServerConfig(text: string, fallbackName = "server"): ParsedServers {
  if (text.trim() === "") return { ok: false, error: "Paste a server configuration.", path: "" };
  const parsed = tryParseJson(text);
  if (!parsed.ok) return { ok: false, error: `Not JSON: ${parsed.error}`, path: "" };
  const root = parsed.value;
  if (!isObject(root)) return { ok: false, error: "Expected a JSON object.", path: "" };
  if ("mcpServers" in root) {
    if (!isObject(root.mcpServers)) {
      return { ok: false, error: "mcpServers must be an object of named servers.", path: "/mcpServers" };
    }
    return readNamed(root.mcpServers, "/mcpServers");
  }
  if (looksLikeEntry(root)) {
    const entry = readEntry(root, "");
    return entry.ok ? { ok: true, servers: { [fallbackName]: entry.server } } : entry;
  }
  return readNamed(root, "");
}

function readNamed(named: Record<string, unknown>, base: string): ParsedServers {
  const names = Object.keys(named);
  if (names.length === 0) return { ok: false, error: "No servers in the configuration.", path: base };
  const servers: Record<string, McpServerConfig> = {};
  for (const name of names) {
    const path = `${base}/${escapePointer(name)}`;
    if (!/^[A-Za-z0-9_-]{1,40}$/.test(name)) {
      return {
        ok: false,
        error: `Server name "${name}": use letters, digits, _ and - (at most 40); it becomes mcp__${name}__<tool>.`,
        path,
      };
    }
    const value = named[name];
    if (!isObject(value)) return { ok: false, error: "A server entry must be an object.", path };
    const entry = readEntry(value, path);
    if (!entry.ok) return entry;
    servers[name] = entry.server;
  }
  return { ok: true, servers };
}

function readEntry(value: Record<string, unknown>, path: string): Entry {
  const type = value.type ?? (typeof value.url === "string" && !("command" in value) ? "http" : "stdio");
  if (type === "stdio") return readStdio(value, path);
  if (type === "http" || type === "sse" || type === "streamable-http") return readRemote(value, path, type);
  return {
    ok: false,
    error: `Unknown type ${JSON.stringify(type)}: use stdio, http or sse.`,
    path: `${path}/type`,
  };
}

function readStdio(value: Record<string, unknown>, path: string): Entry {
  const { command, args, env, cwd } = value;
  if (typeof command !== "string" || command.trim() === "") {
    return { ok: false, error: "A stdio server needs a command.", path: `${path}/command` };
  }
  const server: Extract<McpServerConfig, { command: string }> = { type: "stdio", command };
  if (args !== undefined) {
    if (!Array.isArray(args))
      return { ok: false, error: "args must be an array of strings.", path: `${path}/args` };
    const bad = args.findIndex((arg) => typeof arg !== "string");
    if (bad >= 0) return { ok: false, error: "Each argument must be a string.", path: `${path}/args/${bad}` };
    server.args = args as string[];
  }
  if (env !== undefined) {
    const strings = readStrings(env, `${path}/env`);
    if (!strings.ok) return strings;
    server.env = strings.value;
  }
  if (cwd !== undefined) {
    if (typeof cwd !== "string") return { ok: false, error: "cwd must be a string.", path: `${path}/cwd` };
    server.cwd = cwd;
  }
  return { ok: true, server };
}

function readRemote(value: Record<string, unknown>, path: string, type: string): Entry {
  const { url, headers } = value;
  if (typeof url !== "string" || !/^https?:\/\/[^\s]+$/.test(url)) {
    return { ok: false, error: "An HTTP or SSE server needs an http(s) url.", path: `${path}/url` };
  }
  const server: Extract<McpServerConfig, { url: string }> = { type: type === "sse" ? "sse" : "http", url };
  if (headers !== undefined) {
    const strings = readStrings(headers, `${path}/headers`);
    if (!strings.ok) return strings;
    server.headers = strings.value;
  }
  return { ok: true, server };
}

function readStrings(
  value: unknown,
  path: string,
): { ok: true; value: Record<string, string> } | { ok: false; error: string; path: string } {
  if (!isObject(value)) return { ok: false, error: "Expected an object of strings.", path };
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string") {
      return { ok: false, error: "Each value must be a string.", path: `${path}/${escapePointer(key)}` };
    }
  }
  return { ok: true, value: value as Record<string, string> };
}

/** Servers as the editor shows them again: Claude Code's `{ "mcpServers": { … } }`, pretty. */
export function formatServers(servers: Record<string, McpServerConfig>): string {
  return JSON.stringify({ mcpServers: servers }, null, 2);
}

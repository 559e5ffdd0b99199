import "server-only";
import type { McpServerEntry } from "@/lib/contract/mcp";
import type { McpServerConfig } from "@/lib/trace/config";
import { refuse, succeed, type Outcome } from "./outcome";

const STDIO_FIELDS = ["command", "args", "env", "cwd"] as const;
const HTTP_FIELDS = ["url", "headers"] as const;

/**
 * Reads one `mcpServers` entry, as Claude Code and Claude Desktop write them, into its recorded
 * shape: no `type` is stdio (or http when it gives only a `url`), a stdio entry needs `command`,
 * an http or sse entry an `http(s)` `url`, and no entry mixes the two kinds' fields. A refusal
 * names the field at `pointer`.
 */
export function readMcpServer(entry: McpServerEntry, pointer: string): Outcome<McpServerConfig> {
  const type = entry.type ?? (entry.command === undefined && entry.url !== undefined ? "http" : "stdio");
  const foreign = (type === "stdio" ? HTTP_FIELDS : STDIO_FIELDS).find((field) => entry[field] !== undefined);
  if (foreign)
    return refuse(
      "invalid",
      `${pointer}/${foreign}: a${type === "stdio" ? " stdio" : type === "http" ? "n http" : "n sse"} server takes no ${foreign}`,
      `${pointer}/${foreign}`,
    );
  const limit = entry.timeoutMs === undefined ? {} : { timeoutMs: entry.timeoutMs };
  if (type === "stdio") {
    if (entry.command === undefined)
      return refuse("invalid", `${pointer}/command is required for a stdio server`, `${pointer}/command`);
    return succeed({
      type,
      command: entry.command,
      ...(entry.args ? { args: entry.args } : {}),
      ...(entry.env ? { env: entry.env } : {}),
      ...(entry.cwd ? { cwd: entry.cwd } : {}),
      ...limit,
    });
  }
  if (entry.url === undefined)
    return refuse("invalid", `${pointer}/url is required for an ${type} server`, `${pointer}/url`);
  let url: URL;
  try {
    url = new URL(entry.url);
  } catch {
    return refuse("invalid", `${pointer}/url must be an absolute http or https URL`, `${pointer}/url`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return refuse("invalid", `${pointer}/url must be an http or https URL`, `${pointer}/url`);
  return succeed({ type, url: entry.url, ...(entry.headers ? { headers: entry.headers } : {}), ...limit });
}

/** Reads every entry of an `mcpServers` object (see {@link readMcpServer}). */
export function readMcpServers(
  entries: Readonly<Record<string, McpServerEntry>>,
  pointer: string,
): Outcome<Record<string, McpServerConfig>> {
  const servers: Record<string, McpServerConfig> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const read = readMcpServer(entry, `${pointer}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    if (!read.ok) return read;
    servers[name] = read.value;
  }
  return succeed(servers);
}

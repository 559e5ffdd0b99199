import type { McpServerConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { isMcpTrusted } from "@/lib/trace/mcp-trust";

/** What the session's log says about one of its MCP servers, as of its last event. */
export type ServerStatus = "idle" | "connected" | "failed" | "untrusted";

export interface ServerState {
  name: string;
  config: McpServerConfig;
  status: ServerStatus;
  /** `mcp.connected`: how many tools it listed, its info and protocol version. */
  toolCount?: number;
  serverInfo?: { name: string; version: string };
  protocolVersion?: string;
  /** `mcp.failed`: why, and the last of its stderr. */
  error?: string;
  stderr?: string;
}

interface LogEvent {
  kind: string;
  seq: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Each configured server's state from the log: `connected` or `failed` by its latest
 * `mcp.connected` / `mcp.failed`, `idle` before either (a stdio server starts lazily, at the first
 * call). The servers in `untrusted` ({@link listUntrustedServers}) are `untrusted` until they
 * connect. The latest failure's stderr is kept.
 */
export function readServerStates(
  events: readonly LogEvent[],
  servers: Readonly<Record<string, McpServerConfig>>,
  untrusted: readonly string[] = [],
): ServerState[] {
  const states = new Map<string, ServerState>();
  const pending = new Set(untrusted);
  for (const [name, config] of Object.entries(servers)) {
    states.set(name, { name, config, status: pending.has(name) ? "untrusted" : "idle" });
  }
  for (const event of events) {
    const fields = event as unknown as Record<string, unknown>;
    if (event.kind !== "mcp.connected" && event.kind !== "mcp.failed") continue;
    const state = typeof fields.server === "string" ? states.get(fields.server) : undefined;
    if (!state) continue;
    if (event.kind === "mcp.connected") {
      state.status = "connected";
      state.toolCount = Array.isArray(fields.tools) ? fields.tools.length : 0;
      if (isObject(fields.serverInfo)) {
        state.serverInfo = {
          name: String(fields.serverInfo.name ?? ""),
          version: String(fields.serverInfo.version ?? ""),
        };
      }
      if (typeof fields.protocolVersion === "string") state.protocolVersion = fields.protocolVersion;
      delete state.error;
    } else {
      state.status = "failed";
      state.error = typeof fields.error === "string" ? fields.error : "";
      if (typeof fields.stderr === "string" && fields.stderr !== "") state.stderr = fields.stderr;
    }
  }
  return [...states.values()];
}

/** One line naming how to reach a server: the command and its arguments, or the URL. */
export function describeServer(config: McpServerConfig): string {
  if (config.type === "stdio") return [config.command, ...(config.args ?? [])].join(" ");
  return `${config.type} ${config.url}`;
}

/**
 * The servers a session keeps as data, not to be started until a person trusts them: all of an
 * imported, captured or forked session's servers until `session.trusted` (lib/trace/mcp-trust.ts
 * decides, as the server does); none of a session made here.
 */
export function listUntrustedServers(
  source: string,
  events: readonly TraceEvent[],
  servers: Readonly<Record<string, unknown>>,
): string[] {
  return isMcpTrusted(source, events) ? [] : Object.keys(servers);
}

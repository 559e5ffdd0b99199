import "server-only";
import { McpConnectError } from "@/lib/mcp/connect";
import type { ServerEvents } from "@/lib/mcp/hub";
import { normalizeCallResult } from "@/lib/mcp/normalize";
import { summarizeTools, toToolDefinition } from "@/lib/mcp/tool-meta";
import type { McpCaller } from "@/lib/pipeline/types";
import { validateForModel } from "@/lib/pipeline/validator";
import type { McpServerConfig, ToolDefinition } from "@/lib/trace/config";
import type { McpConnected, NewEvent } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";
import type { Runtime } from "./runtime";

/** What connecting one of a session's servers found: its tools as session tools, and the event saying so. */
export interface ServerListing {
  server: string;
  ok: boolean;
  tools: ToolDefinition[];
  event: NewEvent;
}

/**
 * Opens (or reuses) the session's connection to `server` and lists its tools: `mcp.connected`
 * with them, or `mcp.failed` with the reason and the server's stderr (nothing left running).
 */
export async function connectAndList(
  runtime: Runtime,
  sessionId: string,
  server: string,
  config: McpServerConfig,
  reason: NonNullable<McpConnected["reason"]>,
): Promise<ServerListing> {
  try {
    const { connection } = await runtime.mcp.open(
      sessionId,
      server,
      config,
      sessionServerEvents(runtime, sessionId),
    );
    const listed = await connection.listTools();
    return {
      server,
      ok: true,
      tools: listed.map((tool) => toToolDefinition(server, tool, config.timeoutMs)),
      event: {
        kind: "mcp.connected",
        server,
        serverInfo: connection.serverInfo,
        protocolVersion: connection.protocolVersion,
        tools: summarizeTools(server, listed),
        reason,
      },
    };
  } catch (error) {
    await runtime.mcp.stop(sessionId, server);
    return { server, ok: false, tools: [], event: describeFailure(server, error) };
  }
}

export function describeFailure(server: string, error: unknown): NewEvent {
  const stderr = error instanceof McpConnectError ? error.stderr : undefined;
  return {
    kind: "mcp.failed",
    server,
    error: error instanceof Error ? error.message : String(error),
    ...(stderr ? { stderr } : {}),
  };
}

/** The session's tools with `server`'s replaced by `tools` (placed where the old ones were, or at the end). */
export function replaceServerTools(
  current: readonly ToolDefinition[],
  server: string,
  tools: readonly ToolDefinition[],
): ToolDefinition[] {
  const index = current.findIndex((tool) => tool.source?.mcp === server);
  const others = current.filter((tool) => tool.source?.mcp !== server);
  const at =
    index < 0 ? others.length : current.slice(0, index).filter((t) => t.source?.mcp !== server).length;
  return [...others.slice(0, at), ...tools, ...others.slice(at)];
}

/**
 * What the session's connections report outside any call, appended to its log: a server lost
 * (`mcp.failed`; the next call starts it again), and a changed tool list (`tools/list_changed`:
 * listed again, `session.configured` with the new tools when they differ, and `mcp.connected`).
 */
export function sessionServerEvents(runtime: Runtime, sessionId: string): ServerEvents {
  const append = (event: NewEvent) => {
    if (runtime.store.getSession(sessionId)) runtime.store.append(sessionId, event);
  };
  return {
    onLost(server, why, stderr) {
      append({
        kind: "mcp.failed",
        server,
        error: `The MCP server ${server} stopped: ${why}.`,
        ...(stderr ? { stderr } : {}),
      });
    },
    onToolsChanged(server) {
      void relist(runtime, sessionId, server).then((events) => events.forEach(append));
    },
  };
}

async function relist(runtime: Runtime, sessionId: string, server: string): Promise<NewEvent[]> {
  if (!runtime.store.getSession(sessionId)) return [];
  const config = projectSessionConfig(runtime.store.events(sessionId));
  const entry = config?.mcpServers?.[server];
  if (!config || !entry) return [];
  const listing = await connectAndList(runtime, sessionId, server, entry, "list-changed");
  if (!listing.ok) return [listing.event];
  const tools = replaceServerTools(config.tools, server, listing.tools);
  if (JSON.stringify(tools) === JSON.stringify(config.tools)) return [listing.event];
  return [
    { kind: "session.configured", changes: { tools: { before: config.tools, after: tools } } },
    listing.event,
  ];
}

const UNTRUSTED = (server: string) =>
  `The MCP server ${server} came with an imported or forked session: it starts only once a person trusts the session (POST /api/sessions/:id/mcp/trust). Nothing ran.`;

/**
 * The pipeline's {@link McpCaller} for one run of a session: starts the tool's server when it is
 * not running (recording `mcp.connected` or `mcp.failed`), sends `tools/call` with the call id as
 * its progress token, records every JSON-RPC message of the call as `mcp.message`, and turns
 * the result into what the model sees (lib/mcp/normalize.ts). An untrusted session starts nothing.
 */
export function createMcpCaller(
  runtime: Runtime,
  sessionId: string,
  servers: Readonly<Record<string, McpServerConfig>>,
  trusted: boolean,
): McpCaller {
  return {
    async call(tool, args, io) {
      const server = tool.source.mcp;
      const config = Object.hasOwn(servers, server) ? servers[server] : undefined;
      if (!config)
        return { content: `This session has no MCP server named ${server}. Nothing ran.`, isError: true };
      if (!trusted) return { content: UNTRUSTED(server), isError: true };
      if (!runtime.mcp.isOpen(sessionId, server)) {
        const listing = await connectAndList(runtime, sessionId, server, config, "call");
        io.emit(listing.event);
        if (!listing.ok) {
          const failed = listing.event as Extract<NewEvent, { kind: "mcp.failed" }>;
          return { content: `${failed.error} Nothing ran.`, isError: true };
        }
      }
      try {
        const result = await runtime.mcp.call(sessionId, server, tool.source.tool, args, {
          callId: io.callId,
          signal: io.signal,
          onProgress: ({ progress, total, message }) =>
            io.reportProgress(
              message ?? (total ? `${progress}/${total}` : String(progress)),
              ...(total ? [Math.min(1, Math.max(0, progress / total))] : []),
            ),
          onMessage: (direction, message) =>
            io.emit({
              kind: "mcp.message",
              server,
              direction,
              message: message as Record<string, unknown>,
              callId: io.callId,
            }),
        });
        const normalized = normalizeCallResult(result, tool.source.outputSchema, validateForModel);
        return { content: normalized.content, isError: normalized.isError };
      } catch (error) {
        if (io.signal.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        return { content: `${tool.name} failed on the MCP server ${server}: ${message}`, isError: true };
      }
    },
  };
}

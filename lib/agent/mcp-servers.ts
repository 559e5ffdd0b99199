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
  /** The handshake and listing as `mcp.message`s (empty when the connection was already open), to record before `event`. */
  wire: NewEvent[];
  event: NewEvent;
}

/** The listing's events in the order they are recorded: its wire, then `mcp.connected` or `mcp.failed`. */
export const listingEvents = (listing: ServerListing): NewEvent[] => [...listing.wire, listing.event];

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
  // Until the listing is answered, its messages are kept here (the session may not exist yet);
  // from then on the connection's messages outside calls are appended as they come.
  const wire: NewEvent[] = [];
  let buffering = true;
  const events = sessionServerEvents(runtime, sessionId, (event) => {
    if (!buffering) return false;
    wire.push(event);
    return true;
  });
  try {
    const { connection } = await runtime.mcp.open(sessionId, server, config, events);
    const listed = await connection.listTools();
    buffering = false;
    return {
      server,
      ok: true,
      tools: listed.map((tool) => toToolDefinition(server, tool, config.timeoutMs)),
      wire,
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
    buffering = false;
    await runtime.mcp.stop(sessionId, server);
    return { server, ok: false, tools: [], wire, event: describeFailure(server, error) };
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
 * What the session's connections report outside any call, appended to its log: the handshake
 * and listings as `mcp.message` (to `keep` first, while it takes them), a server lost
 * (`mcp.failed`; the next call starts it again), and a changed tool list (`tools/list_changed`:
 * listed again, and when the tools differ `session.configured` with the new ones and
 * `mcp.connected`; notifications that come while a listing is under way make one more).
 */
export function sessionServerEvents(
  runtime: Runtime,
  sessionId: string,
  keep: (event: NewEvent) => boolean = () => false,
): ServerEvents {
  const append = (event: NewEvent) => {
    if (runtime.store.getSession(sessionId)) runtime.store.append(sessionId, event);
  };
  return {
    onMessage(server, direction, message) {
      const event: NewEvent = {
        kind: "mcp.message",
        server,
        direction,
        message: message as Record<string, unknown>,
      };
      if (!keep(event)) append(event);
    },
    onLost(server, why, stderr) {
      append({
        kind: "mcp.failed",
        server,
        error: `The MCP server ${server} stopped: ${why}.`,
        ...(stderr ? { stderr } : {}),
      });
    },
    onToolsChanged(server) {
      relistOnce(runtime, sessionId, server, append);
    },
  };
}

/** The listings under way after `tools/list_changed`, per runtime, by session and server. */
const relisting = new WeakMap<Runtime, Map<string, { done: Promise<void>; again: boolean }>>();

/** Lists `server` again; a notification while that is under way asks for one more listing after it. */
function relistOnce(runtime: Runtime, sessionId: string, server: string, append: (event: NewEvent) => void) {
  let pending = relisting.get(runtime);
  if (!pending) relisting.set(runtime, (pending = new Map()));
  const key = `${sessionId}\u0000${server}`;
  const under = pending.get(key);
  if (under) {
    under.again = true;
    return;
  }
  const state = { done: Promise.resolve(), again: false };
  state.done = (async () => {
    do {
      state.again = false;
      const events = await relist(runtime, sessionId, server).catch(() => []);
      events.forEach(append);
    } while (state.again);
  })().finally(() => pending.delete(key));
  pending.set(key, state);
}

/** Resolves once no listing of the session's `server` is under way (at once when none is). */
export async function settleRelisting(runtime: Runtime, sessionId: string, server: string): Promise<void> {
  await relisting.get(runtime)?.get(`${sessionId}\u0000${server}`)?.done;
}

async function relist(runtime: Runtime, sessionId: string, server: string): Promise<NewEvent[]> {
  if (!runtime.store.getSession(sessionId)) return [];
  const config = projectSessionConfig(runtime.store.events(sessionId));
  const entry = config?.mcpServers?.[server];
  if (!config || !entry) return [];
  const listing = await connectAndList(runtime, sessionId, server, entry, "list-changed");
  if (!listing.ok) return listingEvents(listing);
  const tools = replaceServerTools(config.tools, server, listing.tools);
  // The same tools again: the wire shows the listing; the log gains nothing more.
  if (JSON.stringify(tools) === JSON.stringify(config.tools)) return listing.wire;
  return [
    ...listing.wire,
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
        listingEvents(listing).forEach((event) => io.emit(event));
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
        // A `tools/list_changed` during the call: its listing is recorded before the run goes on,
        // so the run's next request offers the tools the server has now.
        await settleRelisting(runtime, sessionId, server);
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

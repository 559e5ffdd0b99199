import "server-only";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolResultSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { McpServerConfig } from "@/lib/trace/config";
import { GuardedStdioTransport } from "./stdio-transport";
import { TappedTransport, type WireListener } from "./tap";

/** How long connecting (spawning, `initialize`) may take before it is given up: no hang. */
export const CONNECT_TIMEOUT_MS = 20_000;

/** The longest a single request may wait (the SDK's own timer; the pipeline's time limit comes first). */
const REQUEST_CEILING_MS = 2_147_483_647;

export const CLIENT_INFO = { name: "toolscope", version: "0.1.0" } as const;

/** Connecting failed: the reason, and the server's stderr when it wrote any. */
export class McpConnectError extends Error {
  constructor(
    message: string,
    readonly stderr?: string,
  ) {
    super(message);
    this.name = "McpConnectError";
  }
}

export interface ConnectOptions {
  /** Every JSON-RPC message, both ways (lib/agent records them as `mcp.message`). */
  onWire?: WireListener;
  onStderr?: (text: string) => void;
  /** The server sent `notifications/tools/list_changed`. */
  onToolsChanged?: () => void;
  /** The connection ended (the server exited, the stream closed, or `close` was called). */
  onClose?: (why: string) => void;
  timeoutMs?: number;
}

/** An open connection to one MCP server through the SDK's `Client`. */
export interface McpConnection {
  readonly serverInfo: { name: string; version: string; title?: string };
  readonly protocolVersion: string;
  readonly capabilities: Record<string, unknown>;
  readonly instructions?: string;
  /** The process group of a stdio server, null for HTTP. */
  readonly pgid: number | null;
  /** Every tool, all pages of `tools/list`. */
  listTools(): Promise<Tool[]>;
  /**
   * `tools/call` with `_meta.progressToken` = `progressToken` (the server's progress
   * notifications carry it); aborting `signal` sends `notifications/cancelled`. The result is
   * the server's, unchecked (the caller checks `structuredContent` against `outputSchema`).
   */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal; progressToken: string | number },
  ): Promise<CallToolResult>;
  stderr(): string;
  readonly closed: boolean;
  close(): Promise<void>;
}

function createTransport(config: McpServerConfig, onStderr?: (text: string) => void): Transport {
  switch (config.type) {
    case "stdio":
      return new GuardedStdioTransport({
        command: config.command,
        ...(config.args ? { args: config.args } : {}),
        ...(config.env ? { env: config.env } : {}),
        ...(config.cwd ? { cwd: config.cwd } : {}),
        ...(onStderr ? { onStderr } : {}),
      });
    case "http":
      return new StreamableHTTPClientTransport(new URL(config.url), {
        requestInit: { headers: config.headers ?? {} },
      });
    case "sse":
      return new SSEClientTransport(new URL(config.url), { requestInit: { headers: config.headers ?? {} } });
  }
}

/**
 * Connects to a server: starts it (stdio) or opens its URL (Streamable HTTP, SSE), runs
 * `initialize`, and answers once the server is ready — or throws {@link McpConnectError} within
 * `timeoutMs`, having stopped whatever it started.
 */
export async function connectServer(
  config: McpServerConfig,
  options: ConnectOptions = {},
): Promise<McpConnection> {
  const inner = createTransport(config, options.onStderr);
  const stdio = inner instanceof GuardedStdioTransport ? inner : null;
  let protocolVersion = "";
  const transport = new TappedTransport(inner, (direction, message) => {
    if (direction === "in" && !protocolVersion) protocolVersion = readProtocolVersion(message) ?? "";
    options.onWire?.(direction, message);
  });
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  let closed = false;
  let closing = false;
  client.onerror = () => {
    // Stray progress for a call already given up, a line that is not JSON: the wire shows them.
  };
  client.onclose = () => {
    closed = true;
    const exit = stdio?.exitDescription();
    options.onClose?.(closing ? "closed" : exit ? `the server ${exit}` : "the connection closed");
  };
  const timeoutMs = options.timeoutMs ?? CONNECT_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect(transport, { timeout: timeoutMs }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the server did not answer initialize within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } catch (error) {
    closing = true;
    await client.close().catch(() => {});
    await inner.close().catch(() => {});
    const exit = stdio?.exitDescription();
    const reason = describeError(error, config);
    throw new McpConnectError(exit ? `${reason} (the server ${exit})` : reason, stdio?.stderr() || undefined);
  } finally {
    clearTimeout(timer);
  }
  if (options.onToolsChanged) {
    const onChanged = options.onToolsChanged;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => onChanged());
  }
  const version = client.getServerVersion();
  const instructions = client.getInstructions();
  return {
    serverInfo: {
      name: version?.name ?? "",
      version: version?.version ?? "",
      ...(version?.title ? { title: version.title } : {}),
    },
    protocolVersion,
    capabilities: (client.getServerCapabilities() ?? {}) as Record<string, unknown>,
    ...(instructions ? { instructions } : {}),
    pgid: stdio?.pgid ?? null,
    async listTools() {
      const tools: Tool[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 50; page++) {
        const listed = await client.listTools(cursor ? { cursor } : {}, { timeout: timeoutMs });
        tools.push(...listed.tools);
        cursor = listed.nextCursor;
        if (!cursor) break;
      }
      return tools;
    },
    async callTool(name, args, { signal, progressToken }) {
      // `client.request`, not `client.callTool`: the SDK's own outputSchema check would throw
      // before the pipeline could say what was wrong; lib/mcp/normalize.ts checks it instead.
      const result = await client.request(
        { method: "tools/call", params: { name, arguments: args, _meta: { progressToken } } },
        CallToolResultSchema,
        { signal, timeout: REQUEST_CEILING_MS },
      );
      return result as CallToolResult;
    },
    stderr: () => stdio?.stderr() ?? "",
    get closed() {
      return closed;
    },
    async close() {
      closing = true;
      await client.close().catch(() => {});
      await inner.close().catch(() => {});
    },
  };
}

function readProtocolVersion(message: JSONRPCMessage): string | null {
  const result = (message as { result?: { protocolVersion?: unknown } }).result;
  return typeof result?.protocolVersion === "string" ? result.protocolVersion : null;
}

function describeError(error: unknown, config: McpServerConfig): string {
  const message = error instanceof Error ? error.message : String(error);
  const where = config.type === "stdio" ? `\`${config.command}\`` : config.url;
  return `Could not connect to the MCP server ${where}: ${message}`;
}

/**
 * The events of MCP tool sources (docs/architecture.md, "MCP"): a server connected or failed,
 * every JSON-RPC message of a call, and a person trusting an imported or forked session's servers.
 */
import type { McpToolAnnotations } from "./config";

/** The envelope every event shares (restated here so lib/trace/events.ts can import this file). */
interface Envelope {
  seq: number;
  at: number;
  sessionId: string;
}

/** One tool as a server listed it, in the `mcp.connected` event. */
export interface McpToolSummary {
  /** The server's own name for it. */
  name: string;
  /** The session's name for it: `mcp__<server>__<name>`. */
  sessionName: string;
  annotations?: McpToolAnnotations;
  hasOutputSchema: boolean;
}

export interface McpConnected extends Envelope {
  kind: "mcp.connected";
  server: string;
  serverInfo: { name: string; version: string; title?: string };
  protocolVersion: string;
  tools: McpToolSummary[];
  /** Why it (re)connected: the session was configured, a call needed it, or the server said its tools changed. */
  reason?: "configured" | "call" | "list-changed" | "trusted";
}

export interface McpFailed extends Envelope {
  kind: "mcp.failed";
  server: string;
  error: string;
  /** The last of what the server wrote to stderr (bounded). */
  stderr?: string;
}

export interface McpMessage extends Envelope {
  kind: "mcp.message";
  server: string;
  /** `out`: Toolscope to the server; `in`: the server to Toolscope. */
  direction: "out" | "in";
  /** The JSON-RPC message as sent or received. */
  message: Record<string, unknown>;
  /** The tool call it belongs to, when it belongs to one. */
  callId?: string;
}

/**
 * A person trusted what an imported or forked session carries: for `scope: "mcp"`, its MCP
 * servers may start from now on (`POST /api/sessions/:id/mcp/trust`). An import never carries one.
 */
export interface SessionTrusted extends Envelope {
  kind: "session.trusted";
  scope: "mcp";
  /** The servers trusted, by name. */
  servers: string[];
}

import "server-only";
import type { CallToolResult, JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { McpServerConfig } from "@/lib/trace/config";
import { connectServer, type McpConnection } from "./connect";
import { killGroup } from "./stdio-transport";

/** How long a server may sit unused before it is stopped (it starts again on the next call). */
export const DEFAULT_IDLE_MS = 5 * 60_000;

/** What a session hears from its servers (the JSON-RPC of each call goes to that call's `onMessage`). */
export interface ServerEvents {
  /** The connection ended without being asked to (the server exited or dropped the stream). */
  onLost(server: string, why: string, stderr: string): void;
  /** `notifications/tools/list_changed`. */
  onToolsChanged(server: string): void;
}

/** One call in flight, by the progress token it was sent with (the call's id). */
interface OpenCall {
  callId: string;
  onProgress: (progress: { progress: number; total?: number; message?: string }) => void;
  /** Each JSON-RPC message of the call, both ways: the request, progress, a cancellation, the response. */
  onMessage: (direction: "out" | "in", message: JSONRPCMessage) => void;
  requestId?: string | number;
}

interface Entry {
  sessionId: string;
  server: string;
  config: McpServerConfig;
  connection: Promise<McpConnection>;
  calls: Map<string, OpenCall>;
  byRequestId: Map<string | number, OpenCall>;
  idle: NodeJS.Timeout | null;
  stopping: boolean;
}

const keyOf = (sessionId: string, server: string) => `${sessionId}\u0000${server}`;

/**
 * The process's MCP connections, one per session and server: opened on demand, shared by that
 * session's calls, stopped when the session goes, after `idleMs` without a call, and when the
 * process stops. Each connection routes its wire to the call it belongs to, by the progress
 * token (`tools/call`, `notifications/progress`), the request id (the response) and the
 * cancelled request's id (`notifications/cancelled`).
 */
export class McpHub {
  private readonly entries = new Map<string, Entry>();
  /** Process groups of the stdio servers running now, so an exiting process can end them at once. */
  private readonly groups = new Set<number>();

  constructor(private readonly idleMs = DEFAULT_IDLE_MS) {}

  /** Whether the session's server has an open (or opening) connection. */
  isOpen(sessionId: string, server: string): boolean {
    return this.entries.has(keyOf(sessionId, server));
  }

  /** The process groups of every stdio server this hub runs. */
  listGroups(): number[] {
    return [...this.groups];
  }

  /**
   * The open connection to the session's `server`, else a new one to `config` (`fresh` says
   * which). A connection to another config (the session was reconfigured) is replaced.
   */
  async open(
    sessionId: string,
    server: string,
    config: McpServerConfig,
    events: ServerEvents,
  ): Promise<{ connection: McpConnection; fresh: boolean }> {
    const key = keyOf(sessionId, server);
    const existing = this.entries.get(key);
    if (existing && JSON.stringify(existing.config) === JSON.stringify(config)) {
      const connection = await existing.connection;
      if (!connection.closed) return { connection, fresh: false };
    }
    if (existing) await this.stop(sessionId, server);
    const entry: Entry = {
      sessionId,
      server,
      config,
      calls: new Map(),
      byRequestId: new Map(),
      idle: null,
      stopping: false,
      connection: undefined as unknown as Promise<McpConnection>,
    };
    entry.connection = connectServer(config, {
      onWire: (direction, message) => this.route(entry, direction, message),
      onToolsChanged: () => events.onToolsChanged(server),
      onClose: (why) => {
        void entry.connection.then((connection) => {
          if (connection.pgid !== null) this.groups.delete(connection.pgid);
          if (this.entries.get(key) === entry) this.entries.delete(key);
          if (!entry.stopping) events.onLost(server, why, connection.stderr());
        });
      },
    });
    this.entries.set(key, entry);
    try {
      const connection = await entry.connection;
      if (connection.pgid !== null) this.groups.add(connection.pgid);
      this.touch(entry);
      return { connection, fresh: true };
    } catch (error) {
      if (this.entries.get(key) === entry) this.entries.delete(key);
      throw error;
    }
  }

  /** `tools/call` on the session's server (connecting first if needed), with progress and cancellation. */
  async call(
    sessionId: string,
    server: string,
    tool: string,
    args: Record<string, unknown>,
    options: Pick<OpenCall, "callId" | "onProgress" | "onMessage"> & { signal: AbortSignal },
  ): Promise<CallToolResult> {
    const entry = this.entries.get(keyOf(sessionId, server));
    if (!entry) throw new Error(`the MCP server ${server} is not connected`);
    const connection = await entry.connection;
    const open: OpenCall = {
      callId: options.callId,
      onProgress: options.onProgress,
      onMessage: options.onMessage,
    };
    entry.calls.set(options.callId, open);
    this.hold(entry);
    try {
      return await connection.callTool(tool, args, { signal: options.signal, progressToken: options.callId });
    } finally {
      // Its cancellation went out as its signal aborted; a response that comes later belongs to nothing.
      entry.calls.delete(options.callId);
      if (open.requestId !== undefined) entry.byRequestId.delete(open.requestId);
      this.touch(entry);
    }
  }

  private route(entry: Entry, direction: "out" | "in", message: JSONRPCMessage): void {
    const call = this.findCall(entry, message);
    if (!call) return;
    if (direction === "out" && "method" in message && message.method === "tools/call" && "id" in message) {
      call.requestId = message.id;
      entry.byRequestId.set(message.id, call);
    }
    call.onMessage(direction, message);
    if (direction === "in" && "method" in message && message.method === "notifications/progress") {
      const params = (message.params ?? {}) as { progress?: unknown; total?: unknown; message?: unknown };
      if (typeof params.progress === "number")
        call.onProgress({
          progress: params.progress,
          ...(typeof params.total === "number" ? { total: params.total } : {}),
          ...(typeof params.message === "string" ? { message: params.message } : {}),
        });
    }
  }

  private findCall(entry: Entry, message: JSONRPCMessage): OpenCall | undefined {
    const params = ("params" in message ? message.params : undefined) as Record<string, unknown> | undefined;
    const meta = params?._meta as { progressToken?: unknown } | undefined;
    const token = meta?.progressToken ?? params?.progressToken;
    if (typeof token === "string" && entry.calls.has(token)) return entry.calls.get(token);
    if ("method" in message && message.method === "notifications/cancelled") {
      const id = params?.requestId;
      return typeof id === "string" || typeof id === "number" ? entry.byRequestId.get(id) : undefined;
    }
    const id = "id" in message ? message.id : undefined;
    if (!("method" in message) && (typeof id === "string" || typeof id === "number"))
      return entry.byRequestId.get(id);
    return undefined;
  }

  private hold(entry: Entry): void {
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
  }

  private touch(entry: Entry): void {
    this.hold(entry);
    if (entry.calls.size > 0) return;
    entry.idle = setTimeout(() => void this.stop(entry.sessionId, entry.server), this.idleMs);
    entry.idle.unref();
  }

  /** Stops one server of a session (nothing to do when it is not running). */
  async stop(sessionId: string, server: string): Promise<void> {
    const key = keyOf(sessionId, server);
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    entry.stopping = true;
    this.hold(entry);
    const connection = await entry.connection.catch(() => null);
    if (!connection) return;
    await connection.close();
    if (connection.pgid !== null) this.groups.delete(connection.pgid);
  }

  /** Stops every server of a session (it was deleted). */
  async stopSession(sessionId: string): Promise<void> {
    const servers = [...this.entries.values()].filter((e) => e.sessionId === sessionId).map((e) => e.server);
    await Promise.all(servers.map((server) => this.stop(sessionId, server)));
  }

  /** Stops everything (the process is stopping). */
  async stopAll(): Promise<void> {
    await Promise.all([...this.entries.values()].map((entry) => this.stop(entry.sessionId, entry.server)));
  }

  /** Ends every stdio server's process group at once, synchronously: for `process.on("exit")`. */
  killAllNow(): void {
    for (const pgid of this.groups) killGroup(pgid, "SIGKILL");
    this.groups.clear();
  }
}

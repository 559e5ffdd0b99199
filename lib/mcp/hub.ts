import "server-only";
import type { CallToolResult, JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { McpServerConfig } from "@/lib/trace/config";
import { connectServer, type McpConnection } from "./connect";
import { killGroup } from "./stdio-transport";
import { createTail, type Tail } from "./tail";

/** How much of each server's stderr a session keeps (the last characters). */
export const STDERR_KEPT_CHARS = 16_000;

/** How long a server may sit unused before it is stopped (it starts again on the next call). */
export const DEFAULT_IDLE_MS = 5 * 60_000;

/**
 * How many `tools/list` exchanges (and, apart, `notifications/tools/list_changed`) of one
 * connection reach {@link ServerEvents.onMessage}: a server that keeps saying its tools changed
 * cannot grow the log without bound. The handshake is always passed on.
 */
export const LISTINGS_KEPT = 10;

/** The methods of the conversation with a server outside any call: the handshake and the tool listings. */
const CONVERSATION_REQUESTS = new Set(["initialize", "tools/list"]);
const CONVERSATION_NOTIFICATIONS = new Set(["notifications/initialized", "notifications/tools/list_changed"]);

/** What a session hears from its servers (the JSON-RPC of each call goes to that call's `onMessage`). */
export interface ServerEvents {
  /**
   * A JSON-RPC message of no call: `initialize` and its answer, `notifications/initialized`,
   * `tools/list` and its answers, `notifications/tools/list_changed` (bounded: {@link LISTINGS_KEPT}).
   * Other traffic outside calls (logging, resource notifications) is not passed on.
   */
  onMessage?(server: string, direction: "out" | "in", message: JSONRPCMessage): void;
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
  events: ServerEvents;
  /** The ids of the handshake and listing requests sent, until their answer comes. */
  conversationIds: Set<string | number>;
  listings: number;
  listChanges: number;
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
  /** Each session's servers' stderr, kept across restarts of the server, until the session goes. */
  private readonly stderrTails = new Map<string, Map<string, Tail>>();

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
      events,
      conversationIds: new Set(),
      listings: 0,
      listChanges: 0,
      connection: undefined as unknown as Promise<McpConnection>,
    };
    const tail = this.stderrTail(sessionId, server);
    entry.connection = connectServer(config, {
      onStderr: (text) => tail.push(text),
      onWire: (direction, message) => this.route(entry, direction, message),
      onToolsChanged: () => events.onToolsChanged(server),
      onClose: (why) => {
        // A connection that never opened has no one to tell: its opener gets the error.
        void entry.connection.then(
          (connection) => {
            if (connection.pgid !== null) this.groups.delete(connection.pgid);
            if (this.entries.get(key) === entry) this.entries.delete(key);
            if (!entry.stopping) events.onLost(server, why, connection.stderr());
          },
          () => {},
        );
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
    if (!call) return this.routeConversation(entry, direction, message);
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

  /** Passes on the handshake and the listings of a connection, at most {@link LISTINGS_KEPT} of each kind. */
  private routeConversation(entry: Entry, direction: "out" | "in", message: JSONRPCMessage): void {
    const method = "method" in message ? message.method : null;
    const id = "id" in message ? message.id : undefined;
    let keep = false;
    if (method !== null && id !== undefined && direction === "out" && CONVERSATION_REQUESTS.has(method)) {
      keep = method === "initialize" || entry.listings++ < LISTINGS_KEPT;
      if (keep) entry.conversationIds.add(id);
    } else if (method !== null && CONVERSATION_NOTIFICATIONS.has(method)) {
      keep = method === "notifications/initialized" || entry.listChanges++ < LISTINGS_KEPT;
    } else if (method === null && id !== undefined && entry.conversationIds.delete(id)) keep = true;
    if (!keep) return;
    try {
      entry.events.onMessage?.(entry.server, direction, message);
    } catch {
      // Recording must not cost the connection its messages.
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

  private stderrTail(sessionId: string, server: string): Tail {
    let tails = this.stderrTails.get(sessionId);
    if (!tails) this.stderrTails.set(sessionId, (tails = new Map()));
    let tail = tails.get(server);
    if (!tail) tails.set(server, (tail = createTail(STDERR_KEPT_CHARS)));
    return tail;
  }

  /** What each of the session's servers wrote to stderr (the last {@link STDERR_KEPT_CHARS} characters each). */
  readStderr(sessionId: string): Record<string, string> {
    const tails = this.stderrTails.get(sessionId);
    return Object.fromEntries(
      [...(tails ?? new Map<string, Tail>())].map(([server, tail]) => [server, tail.read()]),
    );
  }

  /** Stops every server of a session (it was deleted) and forgets its stderr. */
  async stopSession(sessionId: string): Promise<void> {
    this.stderrTails.delete(sessionId);
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

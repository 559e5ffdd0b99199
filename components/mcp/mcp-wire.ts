/**
 * The MCP wire of a session as rows: every `mcp.message` event (docs/api.md, "MCP tool sources"),
 * with what the JSON-RPC message is, and the tool call it belongs to. The backend names the call
 * on the messages it can (`callId`); the others of the same exchange — the response to a request,
 * the progress of its token, the cancellation of its id — are tied to that call here.
 */

export type Direction = "out" | "in";

/** An `mcp.message` event as the log holds it. */
export interface McpMessageEvent {
  seq: number;
  at: number;
  kind: "mcp.message";
  server: string;
  direction: Direction;
  message: unknown;
  callId?: string;
}

export type MessageShape = "request" | "notification" | "response" | "error";

export interface WireRow {
  seq: number;
  at: number;
  server: string;
  direction: Direction;
  shape: MessageShape;
  /** The request's or notification's method; a response's is its request's. */
  method: string;
  /** The JSON-RPC id, as text (`""` for a notification). */
  id: string;
  callId: string | null;
  message: unknown;
  /** A one-line look at the message, for the list. */
  preview: string;
}

export interface WireFilter {
  server: string | null;
  direction: Direction | null;
  method: string | null;
  callId: string | null;
}

export const NO_WIRE_FILTER: WireFilter = { server: null, direction: null, method: null, callId: null };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether an event of the log is an `mcp.message` (the log's union is read by its `kind` only). */
export function isMcpMessage(event: { kind: string }): event is McpMessageEvent & { kind: "mcp.message" } {
  return event.kind === "mcp.message";
}

function readShape(message: Record<string, unknown>): MessageShape {
  if (typeof message.method === "string") return "id" in message ? "request" : "notification";
  return "error" in message ? "error" : "response";
}

const idText = (id: unknown) => (typeof id === "string" || typeof id === "number" ? String(id) : "");

/** The progress token of a request, or the one a progress notification reports on. */
function progressToken(message: Record<string, unknown>): string {
  const params = isObject(message.params) ? message.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  return idText(params.progressToken ?? meta.progressToken);
}

function previewOf(message: Record<string, unknown>, shape: MessageShape): string {
  const body = shape === "response" ? message.result : shape === "error" ? message.error : message.params;
  const text = body === undefined ? "" : JSON.stringify(body);
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** Every `mcp.message` of `events` up to `upTo` (all when absent), as rows in log order. */
export function projectWire(events: readonly { kind: string; seq: number }[], upTo?: number): WireRow[] {
  const methods = new Map<string, string>();
  const calls = new Map<string, string>();
  const tokens = new Map<string, string>();
  const rows: WireRow[] = [];
  for (const event of events) {
    if (upTo !== undefined && event.seq > upTo) break;
    if (!isMcpMessage(event)) continue;
    const message = isObject(event.message) ? event.message : {};
    const shape = readShape(message);
    const id = idText(message.id);
    const key = `${event.server}\u0000${id}`;
    let method = typeof message.method === "string" ? message.method : "";
    let callId = event.callId ?? null;
    if (shape === "request") {
      methods.set(key, method);
      if (callId) {
        calls.set(key, callId);
        const token = progressToken(message);
        if (token) tokens.set(`${event.server}\u0000${token}`, callId);
      }
    } else if (shape === "response" || shape === "error") {
      method = methods.get(key) ?? "";
      callId ??= calls.get(key) ?? null;
    } else if (method === "notifications/progress") {
      callId ??= tokens.get(`${event.server}\u0000${progressToken(message)}`) ?? null;
    } else if (method === "notifications/cancelled") {
      const params = isObject(message.params) ? message.params : {};
      callId ??= calls.get(`${event.server}\u0000${idText(params.requestId)}`) ?? null;
    }
    rows.push({
      seq: event.seq,
      at: event.at,
      server: event.server,
      direction: event.direction,
      shape,
      method,
      id,
      callId,
      message: event.message,
      preview: previewOf(message, shape),
    });
  }
  return rows;
}

/** The rows a filter lets through; a `null` field lets every value through. */
export function filterWire(rows: readonly WireRow[], filter: WireFilter): WireRow[] {
  return rows.filter(
    (row) =>
      (filter.server === null || row.server === filter.server) &&
      (filter.direction === null || row.direction === filter.direction) &&
      (filter.method === null || row.method === filter.method) &&
      (filter.callId === null || row.callId === filter.callId),
  );
}

/** The distinct values of a row field, in first-seen order (the filter's choices). */
export function distinctValues(rows: readonly WireRow[], field: "server" | "method" | "callId"): string[] {
  const seen = new Set<string>();
  for (const row of rows) {
    const value = row[field];
    if (value) seen.add(value);
  }
  return [...seen];
}

/** Whether a tool name is an MCP tool's (`mcp__<server>__<tool>`), and which. */
export function readMcpToolName(name: string): { server: string; tool: string } | null {
  const match = /^mcp__([A-Za-z0-9_-]+?)__(.+)$/.exec(name);
  return match ? { server: match[1]!, tool: match[2]! } : null;
}

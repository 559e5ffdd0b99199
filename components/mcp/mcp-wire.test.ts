import { describe, expect, it } from "vitest";
import { distinctValues, filterWire, NO_WIRE_FILTER, projectWire, readMcpToolName } from "./mcp-wire";

const message = (seq: number, server: string, direction: "out" | "in", body: unknown, callId?: string) => ({
  seq,
  at: 1000 + seq,
  sessionId: "s",
  kind: "mcp.message",
  server,
  direction,
  message: body,
  ...(callId ? { callId } : {}),
});

const log = [
  { seq: 0, at: 1, sessionId: "s", kind: "session.created" },
  message(
    1,
    "fs",
    "out",
    {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "read_text_file", arguments: { path: "a.txt" }, _meta: { progressToken: 7 } },
    },
    "call_1",
  ),
  message(2, "fs", "in", {
    jsonrpc: "2.0",
    method: "notifications/progress",
    params: { progressToken: 7, progress: 1 },
  }),
  message(
    3,
    "ev",
    "out",
    { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "echo" } },
    "call_2",
  ),
  message(4, "fs", "in", { jsonrpc: "2.0", id: 3, result: { content: [{ type: "text", text: "hi" }] } }),
  message(5, "ev", "out", { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 3 } }),
  message(6, "ev", "in", { jsonrpc: "2.0", id: 3, error: { code: -32800, message: "cancelled" } }),
];

describe("projectWire turns mcp.message events into rows tied to their calls", () => {
  it("reads each message's shape and method, and ties the exchange to the call the request names", () => {
    const rows = projectWire(log);
    expect(rows.map((r) => [r.seq, r.server, r.direction, r.shape, r.method, r.id, r.callId])).toEqual([
      [1, "fs", "out", "request", "tools/call", "3", "call_1"],
      [2, "fs", "in", "notification", "notifications/progress", "", "call_1"],
      [3, "ev", "out", "request", "tools/call", "3", "call_2"],
      [4, "fs", "in", "response", "tools/call", "3", "call_1"],
      [5, "ev", "out", "notification", "notifications/cancelled", "", "call_2"],
      [6, "ev", "in", "error", "tools/call", "3", "call_2"],
    ]);
    expect(rows[3]!.preview).toBe('{"content":[{"type":"text","text":"hi"}]}');
  });

  it("stops at the cursor and shortens a long preview", () => {
    expect(projectWire(log, 2).map((r) => r.seq)).toEqual([1, 2]);
    const long = projectWire([message(1, "fs", "in", { jsonrpc: "2.0", id: 1, result: "x".repeat(500) })]);
    expect(long[0]!.preview).toHaveLength(160);
    expect(long[0]!.preview.endsWith("…")).toBe(true);
  });

  it("filters by server, direction, method and call; lists the choices in first-seen order", () => {
    const rows = projectWire(log);
    expect(filterWire(rows, NO_WIRE_FILTER)).toHaveLength(6);
    expect(filterWire(rows, { ...NO_WIRE_FILTER, server: "ev" }).map((r) => r.seq)).toEqual([3, 5, 6]);
    expect(filterWire(rows, { ...NO_WIRE_FILTER, direction: "in" }).map((r) => r.seq)).toEqual([2, 4, 6]);
    expect(filterWire(rows, { ...NO_WIRE_FILTER, method: "tools/call" }).map((r) => r.seq)).toEqual([
      1, 3, 4, 6,
    ]);
    expect(
      filterWire(rows, { ...NO_WIRE_FILTER, callId: "call_1", direction: "in" }).map((r) => r.seq),
    ).toEqual([2, 4]);
    expect(distinctValues(rows, "server")).toEqual(["fs", "ev"]);
    expect(distinctValues(rows, "callId")).toEqual(["call_1", "call_2"]);
  });

  it("reads mcp__<server>__<tool> names", () => {
    expect(readMcpToolName("mcp__fs__read_text_file")).toEqual({ server: "fs", tool: "read_text_file" });
    expect(readMcpToolName("mcp__my-fs__write")).toEqual({ server: "my-fs", tool: "write" });
    expect(readMcpToolName("read_file")).toBeNull();
  });
});

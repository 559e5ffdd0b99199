import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { describeServer, listUntrustedServers, readServerStates } from "./server-states";

const fs = { type: "stdio" as const, command: "node", args: ["server.js", "/tmp/x"] };
const web = { type: "http" as const, url: "http://127.0.0.1:9/mcp" };

describe("readServerStates reads each MCP server's state from the session's log", () => {
  it("is idle before any event, connected after mcp.connected, failed after mcp.failed, with the latest stderr", () => {
    const servers = { fs, web };
    expect(readServerStates([], servers).map((s) => [s.name, s.status])).toEqual([
      ["fs", "idle"],
      ["web", "idle"],
    ]);
    const events = [
      {
        seq: 1,
        kind: "mcp.connected",
        server: "fs",
        serverInfo: { name: "secure-filesystem-server", version: "0.2.0" },
        protocolVersion: "2025-06-18",
        tools: [{}, {}],
      },
      { seq: 2, kind: "mcp.failed", server: "web", error: "connect ECONNREFUSED", stderr: "" },
      { seq: 3, kind: "mcp.failed", server: "fs", error: "exited with code 1", stderr: "boom\n" },
      { seq: 4, kind: "mcp.connected", server: "fs", serverInfo: { name: "s", version: "1" }, tools: [{}] },
      { seq: 5, kind: "mcp.connected", server: "other", tools: [] },
    ];
    expect(readServerStates(events, servers)).toEqual([
      {
        name: "fs",
        config: fs,
        status: "connected",
        toolCount: 1,
        serverInfo: { name: "s", version: "1" },
        protocolVersion: "2025-06-18",
        stderr: "boom\n",
      },
      { name: "web", config: web, status: "failed", error: "connect ECONNREFUSED" },
    ]);
  });

  it("marks the untrusted servers until they connect", () => {
    const servers = { fs, web };
    const connected = [{ seq: 7, kind: "mcp.connected", server: "fs", tools: [] }];
    expect(readServerStates([], servers, ["fs", "web"]).map((s) => s.status)).toEqual([
      "untrusted",
      "untrusted",
    ]);
    expect(readServerStates(connected, servers, ["fs", "web"]).map((s) => s.status)).toEqual([
      "connected",
      "untrusted",
    ]);
  });

  it("describes a server by its command line or its URL", () => {
    expect(describeServer(fs)).toBe("node server.js /tmp/x");
    expect(describeServer(web)).toBe("http http://127.0.0.1:9/mcp");
    expect(describeServer({ type: "sse", url: "http://h/sse" })).toBe("sse http://h/sse");
  });
});

describe("listUntrustedServers", () => {
  const servers = { fs, web };
  const at = (seq: number, kind: string, extra: object = {}) =>
    ({ seq, at: seq, sessionId: "s", kind, ...extra }) as unknown as TraceEvent;
  it("lists every server of an imported or forked session until session.trusted, none of one made here", () => {
    expect(listUntrustedServers("import", [], servers)).toEqual(["fs", "web"]);
    expect(
      listUntrustedServers("import", [at(1, "session.trusted", { scope: "mcp", servers: ["fs"] })], servers),
    ).toEqual([]);
    expect(listUntrustedServers("run", [at(0, "session.created"), at(1, "session.forked")], servers)).toEqual(
      ["fs", "web"],
    );
    expect(
      listUntrustedServers(
        "run",
        [at(1, "session.trusted", { scope: "mcp", servers: [] }), at(2, "session.forked")],
        servers,
      ),
    ).toEqual(["fs", "web"]);
    expect(listUntrustedServers("run", [at(0, "session.created")], servers)).toEqual([]);
  });
});

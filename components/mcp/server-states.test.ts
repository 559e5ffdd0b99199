import { describe, expect, it } from "vitest";
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

  it("keeps an imported session's servers untrusted until session.trusted names them", () => {
    const servers = { fs, web };
    const trusted = [{ seq: 7, kind: "session.trusted", scope: "mcp", servers: ["fs"] }];
    expect(readServerStates([], servers, ["fs", "web"]).map((s) => s.status)).toEqual([
      "untrusted",
      "untrusted",
    ]);
    expect(readServerStates(trusted, servers, ["fs", "web"]).map((s) => s.status)).toEqual([
      "idle",
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
  it("lists every server of an imported or forked session, none of one created here", () => {
    const servers = { fs, web };
    expect(listUntrustedServers("import", [], servers)).toEqual(["fs", "web"]);
    expect(
      listUntrustedServers("run", [{ kind: "session.created" }, { kind: "session.forked" }], servers),
    ).toEqual(["fs", "web"]);
    expect(listUntrustedServers("run", [{ kind: "session.created" }], servers)).toEqual([]);
  });
});

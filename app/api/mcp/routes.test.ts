import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "@/lib/contract/errors";
import { InspectReply, McpCallReply, McpSessionServers, type InspectedTool } from "@/lib/contract/mcp";
import { CreatedSession, SessionDetail } from "@/lib/contract/sessions";
import { startEverythingHttp } from "@/lib/mcp/testing/http-server";
import { EVERYTHING_ENTRY, everythingStdio, processExists } from "@/lib/mcp/testing/servers";
import { expectConforming } from "@/lib/server/testing/contract-check";
import { openRouteFixture, type RouteFixture } from "@/lib/server/testing/route-harness";
import { GET as sessionMcp } from "../sessions/[id]/mcp/route";
import { GET as getSession } from "../sessions/[id]/route";
import { POST as createSession } from "../sessions/route";
import { POST as call } from "./call/route";
import { POST as inspect } from "./inspect/route";

let fixture: RouteFixture;
let http: Awaited<ReturnType<typeof startEverythingHttp>>;
beforeAll(async () => {
  fixture = await openRouteFixture();
  http = await startEverythingHttp();
}, 60_000);
afterAll(async () => {
  await fixture.runtime.mcp.stopAll();
  await http.stop();
  fixture.close();
});

const post = (path: string, body: unknown) =>
  new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

function expectEverythingTools(tools: InspectedTool[]) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  expect(byName.get("get-structured-content")?.outputSchema).toBeTruthy();
  const echo = byName.get("echo")!;
  expect(echo.sessionName).toBe("mcp__server__echo");
  expect(echo.inputSchema).toMatchObject({ type: "object" });
  // Every tool gets lint for all three providers' rules, and metadata with where each hint came from.
  for (const tool of tools) {
    expect(Array.isArray(tool.lint)).toBe(true);
    expect(tool.meta).toHaveProperty("readOnly");
    expect(tool.metaFrom).toHaveProperty("destructive");
  }
  const long = byName.get("trigger-long-running-operation")!;
  expect(long.meta).toMatchObject({ readOnly: true, destructive: false });
  expect(long.metaFrom.readOnly).toBe("annotated");
}

describe("POST /api/mcp/inspect with the real server-everything", () => {
  it("over stdio: server info, protocol version, capabilities, every tool with meta and lint; the server stops after", async () => {
    const before = new Set(fixture.runtime.mcp.listGroups());
    const reply = await expectConforming<InspectReply>(
      await inspect(
        post("/api/mcp/inspect", {
          server: {
            command: "node",
            // Claude Code's shape: a stdio entry without `type`.
            args: [EVERYTHING_ENTRY, "stdio"],
          },
        }),
      ),
      200,
      InspectReply,
    );
    expect(reply.serverInfo.name).toBeTruthy();
    expect(reply.protocolVersion).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(reply.capabilities).toHaveProperty("tools");
    expectEverythingTools(reply.tools);
    expect(new Set(fixture.runtime.mcp.listGroups())).toEqual(before);
  });

  it("over Streamable HTTP", async () => {
    const reply = await expectConforming<InspectReply>(
      await inspect(post("/api/mcp/inspect", { server: { type: "http", url: http.url } })),
      200,
      InspectReply,
    );
    expectEverythingTools(reply.tools);
  });

  it("a server that cannot start is a 502 with its stderr, not a hang", async () => {
    const body = await expectConforming<ErrorBody>(
      await inspect(
        post("/api/mcp/inspect", {
          server: { command: "node", args: ["-e", "console.error('missing ALLOWED_DIR'); process.exit(2)"] },
        }),
      ),
      502,
      ErrorBody,
    );
    expect(body.error).toMatch(/exited with code 2/);
    expect(body.stderr).toContain("missing ALLOWED_DIR");
  });

  it("a URL nobody listens on is a 502", async () => {
    const body = await expectConforming<ErrorBody>(
      await inspect(post("/api/mcp/inspect", { server: { type: "http", url: "http://127.0.0.1:9/mcp" } })),
      502,
      ErrorBody,
    );
    expect(body.error).toMatch(/Could not connect/);
  });

  it.each([
    [{ type: "stdio" }, "/server/command"],
    [{ type: "http" }, "/server/url"],
    [{ type: "http", url: "file:///etc/passwd" }, "/server/url"],
    [{ command: "node", url: "http://127.0.0.1:1/" }, "/server/url"],
    [{ command: "node", shell: true }, "/server/shell"],
  ])("a bad entry %j is a 400 naming %s", async (server, path) => {
    const body = await expectConforming<ErrorBody>(
      await inspect(post("/api/mcp/inspect", { server })),
      400,
      ErrorBody,
    );
    expect(body.path).toBe(path);
  });
});

describe("POST /api/mcp/call", () => {
  it("calls a tool directly with arguments and answers the result and the JSON-RPC of the call", async () => {
    const reply = await expectConforming<McpCallReply>(
      await call(
        post("/api/mcp/call", { server: everythingStdio(), name: "get-sum", arguments: { a: 2, b: 3 } }),
      ),
      200,
      McpCallReply,
    );
    expect(reply.normalized).toMatchObject({ isError: false, structured: null });
    expect(reply.normalized.content).toContain("5");
    expect(reply.messages.map((m) => m.direction)).toEqual(["out", "in"]);
    expect(reply.messages[0]!.message).toMatchObject({ method: "tools/call", params: { name: "get-sum" } });
  });

  it("checks structuredContent against the tool's outputSchema", async () => {
    const reply = await expectConforming<McpCallReply>(
      await call(
        post("/api/mcp/call", {
          server: everythingStdio(),
          name: "get-structured-content",
          arguments: { location: "New York" },
        }),
      ),
      200,
      McpCallReply,
    );
    expect(reply.normalized.structured).toEqual({ valid: true, message: "" });
  });

  it("a call past its time limit is cancelled on the wire (notifications/cancelled)", async () => {
    const reply = await expectConforming<McpCallReply>(
      await call(
        post("/api/mcp/call", {
          server: everythingStdio(),
          name: "trigger-long-running-operation",
          arguments: { duration: 30, steps: 30 },
          timeoutMs: 2500,
        }),
      ),
      200,
      McpCallReply,
    );
    expect(reply.normalized).toMatchObject({ isError: true });
    const methods = reply.messages.map((m) => (m.message as { method?: string }).method ?? "response");
    expect(methods[0]).toBe("tools/call");
    expect(methods).toContain("notifications/progress");
    expect(methods.at(-1)).toBe("notifications/cancelled");
  });

  it("an unknown tool is a 400 naming /name", async () => {
    const body = await expectConforming<ErrorBody>(
      await call(post("/api/mcp/call", { server: everythingStdio(), name: "no-such-tool" })),
      400,
      ErrorBody,
    );
    expect(body.path).toBe("/name");
  });
});

describe("POST /api/sessions with mcpServers over Streamable HTTP", () => {
  it("adds the server's tools and records mcp.connected; GET .../mcp shows it running", async () => {
    const created = await expectConforming<CreatedSession>(
      await createSession(
        post("/api/sessions", { tools: [], mcpServers: { every: { type: "http", url: http.url } } }),
      ),
      201,
      CreatedSession,
    );
    const detail = await expectConforming<SessionDetail>(
      await getSession(new Request(`http://127.0.0.1:3000/api/sessions/${created.id}`), params(created.id)),
      200,
      SessionDetail,
    );
    expect(detail.session.tools.map((tool) => tool.name)).toContain("mcp__every__echo");
    expect(detail.session.mcpTrusted).toBe(true);
    expect(detail.events.some((e) => e.kind === "mcp.connected")).toBe(true);
    const servers = await expectConforming<McpSessionServers>(
      await sessionMcp(
        new Request(`http://127.0.0.1:3000/api/sessions/${created.id}/mcp`),
        params(created.id),
      ),
      200,
      McpSessionServers,
    );
    expect(servers.servers).toEqual([
      { name: "every", config: { type: "http", url: http.url }, running: true, stderr: "" },
    ]);
  });

  it("a bad entry is a 400 naming its path, and nothing starts", async () => {
    const before = fixture.runtime.mcp.listGroups().length;
    const body = await expectConforming<ErrorBody>(
      await createSession(post("/api/sessions", { mcpServers: { bad: { type: "sse" } } })),
      400,
      ErrorBody,
    );
    expect(body.path).toBe("/mcpServers/bad/url");
    const name = await expectConforming<ErrorBody>(
      await createSession(post("/api/sessions", { mcpServers: { "bad name": { command: "node" } } })),
      400,
      ErrorBody,
    );
    expect(name.path).toBe("/mcpServers/bad name");
    expect(fixture.runtime.mcp.listGroups().length).toBe(before);
    expect(processExists(process.pid)).toBe(true);
  });
});

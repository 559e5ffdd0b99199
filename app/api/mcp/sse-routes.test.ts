import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "@/lib/clock/system-clock";
import { InspectReply, McpCallReply } from "@/lib/contract/mcp";
import { ReplayReply } from "@/lib/contract/replay";
import { CreatedSession, SessionDetail } from "@/lib/contract/sessions";
import { startEverythingHttp } from "@/lib/mcp/testing/http-server";
import { expectConforming } from "@/lib/server/testing/contract-check";
import { openRouteFixture, type RouteFixture } from "@/lib/server/testing/route-harness";
import type { TraceEvent } from "@/lib/trace/events";
import { POST as replay } from "../sessions/[id]/calls/[callId]/replay/route";
import { POST as sendMessage } from "../sessions/[id]/messages/route";
import { GET as getSession } from "../sessions/[id]/route";
import { POST as createSession } from "../sessions/route";
import { POST as call } from "./call/route";
import { POST as inspect } from "./inspect/route";

/** The MCP routes against the real server-everything over its SSE transport (`/sse` and `/message`). */

let fixture: RouteFixture;
let sse: Awaited<ReturnType<typeof startEverythingHttp>>;
beforeAll(async () => {
  // The real clock: a session's MCP calls take real time (a virtual one would end them at once).
  fixture = await openRouteFixture({}, undefined, systemClock);
  sse = await startEverythingHttp("sse");
}, 60_000);
afterAll(async () => {
  await fixture.runtime.mcp.stopAll();
  await sse.stop();
  fixture.close();
});

const post = (path: string, body: unknown) =>
  new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const params = <T extends Record<string, string>>(value: T) => ({ params: Promise.resolve(value) });

async function readEvents(id: string): Promise<TraceEvent[]> {
  const detail = await expectConforming<SessionDetail>(
    await getSession(new Request(`http://127.0.0.1:3000/api/sessions/${id}`), params({ id })),
    200,
    SessionDetail,
  );
  return detail.events as TraceEvent[];
}

describe("MCP over SSE with the real server-everything", () => {
  it("POST /api/mcp/inspect lists its tools with meta and lint", async () => {
    const reply = await expectConforming<InspectReply>(
      await inspect(post("/api/mcp/inspect", { server: { type: "sse", url: sse.url } })),
      200,
      InspectReply,
    );
    expect(reply.capabilities).toHaveProperty("tools");
    const echo = reply.tools.find((tool) => tool.name === "echo")!;
    expect(echo.sessionName).toBe("mcp__server__echo");
    expect(echo.meta).toMatchObject({ readOnly: true });
    expect(reply.tools.every((tool) => Array.isArray(tool.lint))).toBe(true);
  });

  it("POST /api/mcp/call calls a tool and answers the JSON-RPC of the call", async () => {
    const reply = await expectConforming<McpCallReply>(
      await call(
        post("/api/mcp/call", {
          server: { type: "sse", url: sse.url },
          name: "get-sum",
          arguments: { a: 20, b: 22 },
        }),
      ),
      200,
      McpCallReply,
    );
    expect(reply.normalized).toMatchObject({ isError: false });
    expect(reply.normalized.content).toContain("42");
    expect(reply.messages[0]!.message).toMatchObject({ method: "tools/call" });
  });

  it("a session whose tools come from the SSE server runs one through the pipeline, and replays it", async () => {
    const created = await expectConforming<CreatedSession>(
      await createSession(
        post("/api/sessions", { tools: [], mcpServers: { every: { type: "sse", url: sse.url } } }),
      ),
      201,
      CreatedSession,
    );
    const id = created.id;
    const before = await readEvents(id);
    const configured = before.find((e) => e.kind === "session.created");
    expect(configured?.kind === "session.created" && configured.config.tools.map((t) => t.name)).toContain(
      "mcp__every__echo",
    );
    // The handshake over SSE is on the wire, before mcp.connected.
    expect(
      before
        .filter((e) => e.kind === "mcp.message")
        .map((e) => (e.kind === "mcp.message" ? e.message.method : null))
        .slice(0, 1),
    ).toEqual(["initialize"]);

    const sent = await sendMessage(
      post(`/api/sessions/${id}/messages`, { text: `use mcp__every__echo with message "hello over sse"` }),
      params({ id }),
    );
    expect(sent.status).toBe(202);
    await fixture.runtime.runs.get(id)?.done;
    const events = await readEvents(id);
    const result = events.find((e) => e.kind === "tool.result");
    expect(result?.kind === "tool.result" && result.name).toBe("mcp__every__echo");
    if (result?.kind !== "tool.result") return;
    expect({ isError: result.isError, content: result.content }).toEqual({
      isError: false,
      content: expect.stringContaining("hello over sse"),
    });
    const wire = events.filter((e) => e.kind === "mcp.message" && e.callId === result.callId);
    expect(wire.map((e) => (e.kind === "mcp.message" ? e.direction : ""))).toEqual(["out", "in"]);

    const replayed = await expectConforming<ReplayReply>(
      await replay(
        post(`/api/sessions/${id}/calls/${result.callId}/replay`, {
          arguments: { message: "again over sse" },
        }),
        params({ id, callId: result.callId }),
      ),
      200,
      ReplayReply,
    );
    expect(replayed.result).toMatchObject({ isError: false });
    expect(replayed.result.content).toContain("again over sse");
  }, 60_000);
});

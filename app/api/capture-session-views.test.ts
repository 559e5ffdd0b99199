/**
 * The views that pay off on captured traffic, on a real capture: the official Anthropic SDK
 * against the capture endpoint (offline upstream) for a two-request conversation, then the
 * session's own routes — the transcript in four formats, replay of the client's call, fork into
 * a Toolscope-run session that goes on with the client's tools as mocks, the graph's
 * client-call stages and the pairing doctor on every request the client sent.
 */
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CAPTURE_TOKEN, startCaptureServer, type CaptureServer } from "@/lib/server/testing/capture-server";
import { callRoute } from "@/lib/server/testing/route-harness";
import { listForkPoints } from "@/lib/trace/fork-points";
import { projectRunGraph } from "@/lib/trace/graph/reduce-run-graph";
import { projectContextDiffs } from "@/lib/trace/context-diff";
import { checkRequest } from "@/lib/trace/request-doctor";
import { validateInput } from "@/lib/schema/validate";

const READ_TOOL = {
  name: "read_file",
  description: "Read a text file from the workspace.",
  input_schema: { type: "object" as const, properties: { path: { type: "string" } }, required: ["path"] },
};

const routeFile = (...parts: string[]) => ({
  file: path.join(process.cwd(), "app", "api", "sessions", "[id]", ...parts, "route.ts"),
  pattern: `/api/sessions/[id]/${parts.join("/")}`,
});

let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
});
afterEach(async () => {
  await server.close();
});

/** Two requests as an agent sends them: the call, then its result and the final answer. */
async function captureConversation(): Promise<{ sessionId: string; callId: string }> {
  const client = new Anthropic({
    apiKey: CAPTURE_TOKEN,
    baseURL: `${server.origin}/capture/anthropic`,
    maxRetries: 0,
  });
  const user = { role: "user" as const, content: "What is in notes/todo.md?" };
  const first = await client.messages.create({
    model: "m",
    max_tokens: 256,
    tools: [READ_TOOL],
    messages: [user],
  });
  const call = first.content.find((block) => block.type === "tool_use");
  if (!call || call.type !== "tool_use") throw new Error(`no tool_use: ${JSON.stringify(first.content)}`);
  await client.messages.create({
    model: "m",
    max_tokens: 256,
    tools: [READ_TOOL],
    messages: [
      user,
      { role: "assistant", content: first.content },
      { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "# Todo" }] },
    ],
  });
  const sessions = server.runtime.store.listSessions().filter((session) => session.source === "capture");
  expect(sessions).toHaveLength(1);
  return { sessionId: sessions[0]!.id, callId: call.id };
}

describe("views on a captured session", () => {
  it("graph, context diff and pairing doctor read the captured log", { timeout: 60_000 }, async () => {
    const { sessionId, callId } = await captureConversation();
    const events = server.runtime.store.events(sessionId);
    const graph = projectRunGraph(events, Infinity, {
      checkArguments: ({ schema, input }) => validateInput(schema, input),
    });
    const stages = graph.nodes.filter((node) => node.kind === "stage" && node.callId === callId);
    expect(stages.map((node) => [node.label, node.status])).toEqual([
      ["lookup", "ok"],
      ["validate", "ok"],
      ["execute", "ok"],
      ["result", "ok"],
    ]);
    const turns = projectContextDiffs(events);
    expect(turns).toHaveLength(2);
    expect(turns[1]!.diff).toMatchObject({
      prefixBreak: null,
      history: { kept: 1, appended: 2, rewritten: 0 },
    });
    expect(turns[1]!.cache).not.toBeNull();
    for (const turn of turns) expect(checkRequest(turn.request)).toMatchObject({ ok: true, problems: [] });
  });

  it(
    "the transcript in four formats, replay of the client's call, and fork into a run that goes on",
    { timeout: 90_000 },
    async () => {
      const { sessionId, callId } = await captureConversation();
      for (const format of ["anthropic", "openai-chat", "openai-responses", "unified"]) {
        const response = await callRoute(routeFile("transcript"), "GET", {
          url: `/api/sessions/${sessionId}/transcript?format=${format}`,
          params: { id: sessionId },
        });
        expect(response.status, format).toBe(200);
      }

      const replay = await callRoute(
        {
          file: path.join(
            process.cwd(),
            "app",
            "api",
            "sessions",
            "[id]",
            "calls",
            "[callId]",
            "replay",
            "route.ts",
          ),
          pattern: "/api/sessions/[id]/calls/[callId]/replay",
        },
        "POST",
        {
          url: `/api/sessions/${sessionId}/calls/${callId}/replay`,
          params: { id: sessionId, callId },
          headers: { "content-type": "application/json" },
          body: "{}",
        },
      );
      expect(replay.status, await replay.clone().text()).toBe(200);
      const replayed = (await replay.json()) as {
        stages: { stage: string; status: string }[];
        result: { isError: boolean };
      };
      expect(replayed.stages.find((stage) => stage.stage === "validate")?.status).toBe("ok");
      expect(replayed.result.isError).toBe(false);

      const events = server.runtime.store.events(sessionId);
      const at = listForkPoints(events).at(-1)!;
      const fork = await callRoute(routeFile("fork"), "POST", {
        url: `/api/sessions/${sessionId}/fork`,
        params: { id: sessionId },
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ at }),
      });
      expect(fork.status, await fork.clone().text()).toBe(201);
      const { id: childId } = (await fork.json()) as { id: string };
      const child = server.runtime.store.listSessions().find((session) => session.id === childId);
      expect(child?.source).toBe("run");
      const sent = await callRoute(routeFile("messages"), "POST", {
        url: `/api/sessions/${childId}/messages`,
        params: { id: childId },
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "And what is in notes/ideas.md?" }),
      });
      expect(sent.status, await sent.clone().text()).toBe(202);
      const ended = new Set(["run.finished", "run.failed", "run.interrupted"]);
      const runEnded = () => {
        const log = server.runtime.store.events(childId);
        const asked = log.findIndex((event) => event.kind === "user.message" && event.seq > at);
        return asked > -1 && log.slice(asked).some((event) => ended.has(event.kind));
      };
      await vi.waitFor(() => expect(runEnded()).toBe(true), { timeout: 30_000, interval: 50 });
      const childEvents = server.runtime.store.events(childId);
      const tail = childEvents
        .filter((event) => event.seq > at)
        .map(
          (event) =>
            `${event.seq} ${event.kind} ${event.kind === "run.failed" || event.kind === "run.finished" ? JSON.stringify(event) : ""}`,
        );
      expect(childEvents.at(-1)?.kind, tail.join("\n")).toBe("run.finished");
      // The run's own call went through Toolscope's pipeline with the client's tool as an echo mock.
      const ownResults = childEvents.filter(
        (event) => event.kind === "tool.result" && event.seq > at && !("source" in event),
      );
      expect(ownResults.length).toBeGreaterThan(0);
      const ownStages = childEvents.filter((event) => event.kind === "tool.stage" && event.seq > at);
      expect(ownStages.length).toBeGreaterThan(0);
    },
  );

  it(
    "replays one captured request against another upstream, beside the original, recording nothing",
    { timeout: 60_000 },
    async () => {
      const { sessionId } = await captureConversation();
      const before = server.runtime.store.events(sessionId).length;
      const route = {
        file: path.join(
          process.cwd(),
          "app",
          "api",
          "sessions",
          "[id]",
          "requests",
          "[turn]",
          "replay",
          "route.ts",
        ),
        pattern: "/api/sessions/[id]/requests/[turn]/replay",
      };
      const send = (turn: string, body: unknown) =>
        callRoute(route, "POST", {
          url: `/api/sessions/${sessionId}/requests/${turn}/replay`,
          params: { id: sessionId, turn },
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const replayed = await send("1", { upstream: "offline" });
      expect(replayed.status, await replayed.clone().text()).toBe(200);
      const reply = (await replayed.json()) as {
        status: number;
        original: { stop_reason: string; content: { type: string; name?: string }[] };
        replay: { stop_reason: string; content: { type: string; name?: string }[] };
      };
      expect(reply.status).toBe(200);
      expect(reply.original.stop_reason).toBe("tool_use");
      expect(reply.replay.stop_reason).toBe("tool_use");
      expect(reply.replay.content.find((block) => block.type === "tool_use")?.name).toBe("read_file");
      expect(server.runtime.store.events(sessionId)).toHaveLength(before);

      const unknown = await send("1", { upstream: "nowhere" });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { path: string }).path).toBe("/upstream");
      expect((await send("9", { upstream: "offline" })).status).toBe(404);
      expect((await send("0", { upstream: "offline" })).status).toBe(400);
      const notReady = await send("1", { upstream: "openai" });
      expect(notReady.status).toBe(422);
    },
  );
});

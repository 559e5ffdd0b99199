/**
 * The official Anthropic SDK pointed at the capture endpoint of a real HTTP server (proxy.ts, then
 * the app's route handlers) on the offline upstream: what the SDK assembled is what the log's
 * `turn.completed` holds, streamed or not, and a two-request conversation is one session with the
 * client's tool result paired to the call.
 */
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CAPTURE_TOKEN,
  type CaptureServer,
  eventsOf,
  startCaptureServer,
} from "@/lib/server/testing/capture-server";

const READ_TOOL = {
  name: "read_file",
  description: "Read a text file from the workspace.",
  input_schema: { type: "object" as const, properties: { path: { type: "string" } }, required: ["path"] },
};

let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
}, 60_000);
afterEach(async () => {
  await server.close();
}, 60_000);

function client(key = CAPTURE_TOKEN) {
  return new Anthropic({ apiKey: key, baseURL: `${server.origin}/capture/anthropic`, maxRetries: 0 });
}

function captureSessions() {
  return server.runtime.store.listSessions().filter((session) => session.source === "capture");
}

describe("capture with the Anthropic SDK", { timeout: 60_000 }, () => {
  it("records a streamed turn exactly as the SDK assembled it", async () => {
    const stream = client().messages.stream({
      model: "claude-sonnet-4-6",
      max_tokens: 512,
      tools: [READ_TOOL],
      messages: [{ role: "user", content: "What is in notes/todo.md?" }],
    });
    // `parsed_output` is the SDK's own (null without an output format); it is not on the wire.
    const { parsed_output: parsed, ...message } = await stream.finalMessage();
    expect(parsed).toBeNull();
    expect(message.stop_reason).toBe("tool_use");
    const [session] = captureSessions();
    expect(session).toMatchObject({ source: "capture", client: "Anthropic SDK (TypeScript)" });
    const [turn] = eventsOf(server, session!.id, "turn.completed");
    expect(turn?.message).toEqual(JSON.parse(JSON.stringify(message)));
    const [request] = eventsOf(server, session!.id, "request.assembled");
    expect(request?.body).toMatchObject({ stream: true, tools: [READ_TOOL] });
    expect(request?.capture).toEqual({
      path: "/v1/messages",
      upstream: "offline",
      client: "Anthropic SDK (TypeScript)",
    });
    expect(eventsOf(server, session!.id, "wire.event").length).toBeGreaterThan(5);
    expect(eventsOf(server, session!.id, "run.finished")).toHaveLength(1);
  });

  it("records a whole (non-streamed) reply as the SDK returned it", async () => {
    const message = await client().messages.create({
      model: "claude-sonnet-4-6",
      max_tokens: 512,
      tools: [READ_TOOL],
      messages: [{ role: "user", content: "What is in notes/todo.md?" }],
    });
    const [session] = captureSessions();
    const [turn] = eventsOf(server, session!.id, "turn.completed");
    expect(turn?.message).toEqual(JSON.parse(JSON.stringify(message)));
    expect(eventsOf(server, session!.id, "wire.event")).toEqual([]);
  });

  it("groups the request carrying the tool result into the same session, paired, with the client's tool time", async () => {
    const anthropic = client();
    const question: Anthropic.MessageParam = { role: "user", content: "What is in notes/todo.md?" };
    const first = await anthropic.messages
      .stream({ model: "m", max_tokens: 512, tools: [READ_TOOL], messages: [question] })
      .finalMessage();
    const call = first.content.find((block) => block.type === "tool_use");
    expect(call?.type).toBe("tool_use");
    if (call?.type !== "tool_use") return;
    const second = await anthropic.messages
      .stream({
        model: "m",
        max_tokens: 512,
        tools: [READ_TOOL],
        messages: [
          question,
          // The SDK's own message back, with cache_control added as agents do: still the same turn.
          {
            role: "assistant",
            content: first.content.map((block, index) =>
              index === first.content.length - 1
                ? { ...block, cache_control: { type: "ephemeral" as const } }
                : block,
            ) as Anthropic.ContentBlockParam[],
          },
          {
            role: "user",
            content: [{ type: "tool_result", tool_use_id: call.id, content: "- [ ] Write tests" }],
          },
        ],
      })
      .finalMessage();
    expect(second.content).toEqual([expect.objectContaining({ type: "text" })]);
    expect(captureSessions()).toHaveLength(1);
    const sessionId = captureSessions()[0]!.id;
    const [result] = eventsOf(server, sessionId, "tool.result");
    expect(result).toMatchObject({
      callId: call.id,
      name: "read_file",
      turn: 1,
      source: "client",
      content: "- [ ] Write tests",
    });
    expect(result?.clientMs).toBeGreaterThanOrEqual(0);
    expect(eventsOf(server, sessionId, "request.assembled").map((event) => event.turn)).toEqual([1, 2]);
    expect(eventsOf(server, sessionId, "turn.completed").map((event) => event.turn)).toEqual([1, 2]);
  });

  it("starts a new session for a separate conversation (a sub-agent's)", async () => {
    const anthropic = client();
    await anthropic.messages.create({
      model: "m",
      max_tokens: 64,
      messages: [{ role: "user", content: "Hello" }],
    });
    await anthropic.messages.create({
      model: "m",
      max_tokens: 64,
      messages: [{ role: "user", content: "Summarize the plan" }],
    });
    expect(captureSessions()).toHaveLength(2);
  });

  it("starts a new session when the one a request continues was deleted", async () => {
    const anthropic = client();
    const question: Anthropic.MessageParam = { role: "user", content: "Hello" };
    const first = await anthropic.messages.create({ model: "m", max_tokens: 64, messages: [question] });
    const [session] = captureSessions();
    server.runtime.store.deleteSession(session!.id);
    await anthropic.messages.create({
      model: "m",
      max_tokens: 64,
      messages: [
        question,
        { role: "assistant", content: first.content },
        { role: "user", content: "And then?" },
      ],
    });
    const sessions = captureSessions();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.id).not.toBe(session!.id);
  });

  it("adds a request to the session x-toolscope-session names, creating it under that id", async () => {
    const anthropic = client();
    const headers = { "x-toolscope-session": "my-agent-run-1" };
    await anthropic.messages.create(
      { model: "m", max_tokens: 64, messages: [{ role: "user", content: "One" }] },
      { headers },
    );
    await anthropic.messages.create(
      { model: "m", max_tokens: 64, messages: [{ role: "user", content: "Two" }] },
      { headers },
    );
    expect(captureSessions().map((session) => session.id)).toEqual(["my-agent-run-1"]);
    expect(eventsOf(server, "my-agent-run-1", "request.assembled").map((event) => event.turn)).toEqual([
      1, 2,
    ]);
  });

  it("raises the SDK's own AuthenticationError for a wrong key, and records nothing", async () => {
    const attempt = client("not-the-token").messages.create({
      model: "m",
      max_tokens: 64,
      messages: [{ role: "user", content: "Hello" }],
    });
    await expect(attempt).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    await expect(attempt).rejects.toMatchObject({
      status: 401,
      error: { type: "error", error: { type: "authentication_error" } },
    });
    expect(captureSessions()).toEqual([]);
  });
});

/**
 * Grouping that survives a restart (a new runtime on the same SQLite file, nothing in memory),
 * with and without `x-toolscope-session`, and token counts recorded in the session they belong
 * to without opening a turn. The official Anthropic SDK on a real HTTP server, offline upstream.
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
const QUESTION: Anthropic.MessageParam = { role: "user", content: "What is in notes/todo.md?" };

let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
}, 60_000);
afterEach(async () => {
  await server.close();
}, 60_000);

function client() {
  return new Anthropic({
    apiKey: CAPTURE_TOKEN,
    baseURL: `${server.origin}/capture/anthropic`,
    maxRetries: 0,
  });
}

function captureSessions() {
  return server.runtime.store.listSessions().filter((session) => session.source === "capture");
}

/** The first request (answered with a call of read_file), and the messages of the one carrying its result. */
async function askAndAnswer(options: Anthropic.RequestOptions = {}) {
  const first = await client()
    .messages.stream({ model: "m", max_tokens: 512, tools: [READ_TOOL], messages: [QUESTION] }, options)
    .finalMessage();
  const call = first.content.find((block) => block.type === "tool_use");
  if (call?.type !== "tool_use") throw new Error("the offline model called no tool");
  const messages: Anthropic.MessageParam[] = [
    QUESTION,
    { role: "assistant", content: first.content },
    { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "- [ ] Write tests" }] },
  ];
  return { call, messages };
}

describe("capture grouping across a restart", { timeout: 60_000 }, () => {
  it("puts the next request of a conversation in the same session after a restart, by continuity", async () => {
    const { call, messages } = await askAndAnswer();
    server.restart();
    await client()
      .messages.stream({ model: "m", max_tokens: 512, tools: [READ_TOOL], messages })
      .finalMessage();
    const sessions = captureSessions();
    expect(sessions).toHaveLength(1);
    const id = sessions[0]!.id;
    expect(eventsOf(server, id, "request.assembled").map((event) => [event.turn, event.attempt])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect(eventsOf(server, id, "tool.result")).toEqual([
      expect.objectContaining({ callId: call.id, name: "read_file", turn: 1, source: "client" }),
    ]);
    expect(eventsOf(server, id, "user.message")).toHaveLength(1);
  });

  it("continues a session named by x-toolscope-session after a restart without adding its history again", async () => {
    const headers = { "x-toolscope-session": "named-run" };
    const { messages } = await askAndAnswer({ headers });
    server.restart();
    await client()
      .messages.stream({ model: "m", max_tokens: 512, tools: [READ_TOOL], messages }, { headers })
      .finalMessage();
    expect(captureSessions().map((session) => session.id)).toEqual(["named-run"]);
    expect(eventsOf(server, "named-run", "user.message").map((event) => event.text)).toEqual([
      QUESTION.content,
    ]);
    expect(eventsOf(server, "named-run", "tool.result")).toHaveLength(1);
    expect(eventsOf(server, "named-run", "turn.completed").map((event) => event.turn)).toEqual([1, 2]);
  });
});

describe("capture of count_tokens", { timeout: 60_000 }, () => {
  it("records a count in the session it continues, without opening a turn", async () => {
    const { messages } = await askAndAnswer();
    const anthropic = client();
    const counted = await anthropic.messages.countTokens({ model: "m", tools: [READ_TOOL], messages });
    expect(counted.input_tokens).toBeGreaterThan(0);
    await anthropic.messages.create({ model: "m", max_tokens: 512, tools: [READ_TOOL], messages });
    const sessions = captureSessions();
    expect(sessions).toHaveLength(1);
    const id = sessions[0]!.id;
    const [count] = eventsOf(server, id, "tokens.counted");
    expect(count).toMatchObject({
      afterTurn: 1,
      format: "anthropic",
      status: 200,
      inputTokens: counted.input_tokens,
      response: { input_tokens: counted.input_tokens },
      capture: { path: "/v1/messages/count_tokens", upstream: "offline" },
      body: { model: "m", messages: JSON.parse(JSON.stringify(messages)) },
    });
    expect(eventsOf(server, id, "request.assembled").map((event) => event.turn)).toEqual([1, 2]);
    expect(eventsOf(server, id, "run.started")).toHaveLength(2);
    const kinds = server.runtime.store.events(id).map((event) => event.kind);
    expect(kinds.indexOf("tokens.counted")).toBeGreaterThan(kinds.indexOf("run.finished"));
  });

  it("opens a session for a count before the first request, which that request then joins", async () => {
    const anthropic = client();
    const body = {
      model: "m",
      system: [{ type: "text" as const, text: "Be brief.", cache_control: { type: "ephemeral" as const } }],
      thinking: { type: "enabled" as const, budget_tokens: 1024 },
      tools: [READ_TOOL],
      messages: [QUESTION],
    };
    const counted = await anthropic.messages.countTokens(body);
    expect(counted.input_tokens).toBeGreaterThan(0);
    const [session] = captureSessions();
    expect(eventsOf(server, session!.id, "tokens.counted")).toEqual([
      expect.objectContaining({ afterTurn: 0, inputTokens: counted.input_tokens }),
    ]);
    expect(eventsOf(server, session!.id, "run.started")).toEqual([]);
    const { thinking: _thinking, ...request } = body;
    await anthropic.messages.create({ ...request, max_tokens: 256 });
    expect(captureSessions()).toHaveLength(1);
    expect(eventsOf(server, session!.id, "request.assembled").map((event) => event.turn)).toEqual([1]);
    expect(eventsOf(server, session!.id, "user.message")).toHaveLength(1);
  });

  it("continues a session a count opened after a restart: the first request joins it", async () => {
    const body = { model: "m", tools: [READ_TOOL], messages: [QUESTION] };
    await client().messages.countTokens(body);
    const [session] = captureSessions();
    server.restart();
    await client().messages.create({ ...body, max_tokens: 256 });
    expect(captureSessions().map((each) => each.id)).toEqual([session!.id]);
    expect(
      eventsOf(server, session!.id, "request.assembled").map((event) => [event.turn, event.attempt]),
    ).toEqual([[1, 1]]);
    expect(eventsOf(server, session!.id, "user.message")).toHaveLength(1);
    expect(eventsOf(server, session!.id, "session.configured")).toEqual([]);
  });

  it("records a count in the session x-toolscope-session names", async () => {
    const headers = { "x-toolscope-session": "counted-run" };
    await askAndAnswer({ headers });
    await client().messages.countTokens(
      { model: "m", messages: [{ role: "user", content: "Something else" }] },
      { headers },
    );
    expect(captureSessions().map((session) => session.id)).toEqual(["counted-run"]);
    expect(eventsOf(server, "counted-run", "tokens.counted")).toEqual([
      expect.objectContaining({ afterTurn: 1 }),
    ]);
  });

  it("answers a count body the SDK accepts but the reader cannot follow without a 500, and records it", async () => {
    const response = await fetch(`${server.origin}/capture/anthropic/v1/messages/count_tokens`, {
      method: "POST",
      headers: {
        "x-api-key": CAPTURE_TOKEN,
        "content-type": "application/json",
        "anthropic-version": "2023-06-01",
      },
      body: JSON.stringify({
        model: "m",
        messages: [{ role: "user", content: [{ type: "mystery_block", x: 1 }] }],
      }),
    });
    expect(response.status).toBeLessThan(500);
    const [session] = captureSessions();
    expect(eventsOf(server, session!.id, "tokens.counted")).toHaveLength(1);
  });
});

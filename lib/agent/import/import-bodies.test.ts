/**
 * Importing recorded request and response bodies, and HAR files of several calls: the turns,
 * results and tools they hold come back as the events a live run appends.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getTranscriptBody, type TranscriptFormat } from "@/lib/agent/transcript-body";
import type { Runtime } from "@/lib/agent/runtime";
import { readFixtureJson } from "@/lib/protocol/testing/fixtures";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { importSession } from "./import-session";
import type { ImportInput } from "./types";
import { buildHar, openTestRuntime } from "./testing/runtime";

let runtime: Runtime;
let dispose: () => void;
beforeEach(() => ({ runtime, dispose } = openTestRuntime()));
afterEach(() => dispose());

type Json = Record<string, unknown>;

function importJson(value: unknown) {
  const outcome = importSession(runtime, { kind: "json", value });
  if (!outcome.ok) throw new Error(outcome.problem.error);
  return { ...outcome.value, events: runtime.store.events(outcome.value.id) };
}

function transcript(id: string, format: TranscriptFormat): Json {
  const out = getTranscriptBody(runtime, id, { format });
  if (!out.ok) throw new Error(out.problem.error);
  return out.value.body as unknown as Json;
}

function only<K extends TraceEvent["kind"]>(events: TraceEvent[], kind: K): EventOf<K>[] {
  return events.filter((e): e is EventOf<K> => e.kind === kind);
}

const ANTHROPIC_URL = "https://api.anthropic.com/v1/messages";

describe("a request body", () => {
  it("Anthropic: its tools (echo mocks), messages, turn and error result become the session", () => {
    const request = readFixtureJson<Json>("anthropic-request-tool-result-is-error.json");
    const imported = importJson(request);
    expect(imported.detected).toEqual({ format: "request", provider: "anthropic" });
    expect(imported.events.map((e) => e.kind)).toEqual([
      "session.created",
      "user.message",
      "turn.completed",
      "tool.result",
    ]);
    const created = only(imported.events, "session.created")[0]!;
    const [tool] = request.tools as Json[];
    expect(created.config.tools).toEqual([{ ...tool, mock: { kind: "echo" } }]);
    expect(created.config.provider).toEqual({
      kind: "offline",
      wire: "anthropic",
      model: "claude-haiku-4-5",
    });
    const messages = request.messages as Json[];
    expect(only(imported.events, "turn.completed")[0]).toMatchObject({
      turn: 1,
      attempt: 1,
      format: "anthropic",
      message: messages[1],
      stopReason: { unified: "tool_use", raw: null },
      usage: { inputTokens: null, outputTokens: null },
    });
    expect(only(imported.events, "tool.result")[0]).toMatchObject({
      callId: "toolu_01A9HHF5Ezy3oBrKmSgfASm9",
      turn: 1,
      name: "get_weather",
      content: "RuntimeError('Unexpected error, try again')",
      isError: true,
    });
    const { caller: _caller, ...toolUse } = (messages[1]!.content as Json[])[0]!;
    expect(transcript(imported.id, "anthropic").messages).toEqual([
      { role: "user", content: [{ type: "text", text: "What is the weather in SF?" }] },
      { role: "assistant", content: [toolUse] },
      { role: "user", content: [(messages[2]!.content as Json[])[0]] },
    ]);
  });

  it("OpenAI chat: the follow-up request comes back message for message", () => {
    const request = readFixtureJson<Json>("openai-chat-request-tool-results.json");
    const imported = importJson(request);
    expect(imported.detected).toEqual({ format: "request", provider: "openai-chat" });
    expect(transcript(imported.id, "openai-chat")).toEqual({
      tools: request.tools,
      messages: request.messages,
    });
  });

  it("OpenAI Responses: the input comes back item for item", () => {
    const request = readFixtureJson<Json>("openai-responses-request-function-call.json");
    const imported = importJson(request);
    expect(imported.detected).toEqual({ format: "request", provider: "openai-responses" });
    expect(transcript(imported.id, "openai-responses")).toEqual({
      tools: request.tools,
      input: request.input,
    });
  });
});

describe("the pairing doctor on an import", () => {
  it("reports a call left unanswered in the notes and stores the transcript as imported", () => {
    const imported = importJson({
      model: "claude-haiku-4-5",
      max_tokens: 64,
      messages: [
        { role: "user", content: "Weather in SF?" },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "get_weather", input: {} }] },
        { role: "user", content: "Never mind." },
      ],
    });
    expect(imported.notes).toContain(
      'Pairing doctor (error, result-missing): Tool call "toolu_1" (get_weather) in message 1 has no result in the user message right after it.',
    );
    expect(imported.notes).toContain(
      "The transcript was stored as imported, not repaired. repairTranscript would: " +
        'Added an "interrupted" result for tool call "toolu_1" (get_weather) from message 1.',
    );
    expect(only(imported.events, "tool.result")).toEqual([]);
  });
});

describe("a response body", () => {
  it("is one assistant turn holding the body as the provider message", () => {
    const response = readFixtureJson<Json>("anthropic-response-parallel-tool-use.json");
    const imported = importJson(response);
    expect(imported.detected).toEqual({ format: "response", provider: "anthropic" });
    const [turn] = only(imported.events, "turn.completed");
    expect(turn).toMatchObject({
      turn: 1,
      message: response,
      stopReason: { unified: "tool_use", raw: "tool_use" },
    });
    expect(turn!.unified.content.map((b) => (b.type === "toolCall" ? [b.id, b.arguments] : b.type))).toEqual([
      "text",
      ["toolu_01L8GVQapA1HmggQcrwboukH", { count: 1 }],
      ["toolu_01J5Fvzxu7DP1Uh59c1kr5JD", { count: 2 }],
    ]);
    expect(only(imported.events, "session.created")[0]!.config.tools.map((t) => [t.name, t.mock])).toEqual([
      ["test_tool", { kind: "echo" }],
    ]);
  });
});

describe("a HAR file", () => {
  it("two Anthropic calls, JSON bodies: two turns paired by id, each with its request and response", () => {
    const har = buildHar([
      {
        url: ANTHROPIC_URL,
        request: "anthropic-request-tool-use.json",
        response: "anthropic-response-tool-use.json",
      },
      {
        url: ANTHROPIC_URL,
        request: "anthropic-request-tool-result-is-error.json",
        response: "anthropic-response-after-tool-error.json",
      },
    ]);
    const imported = importJson(har);
    expect(imported.detected).toEqual({ format: "har", provider: "anthropic" });
    expect(imported.events.map((e) => e.kind)).toEqual([
      "session.created",
      "user.message",
      "request.assembled",
      "wire.response",
      "turn.completed",
      "tool.result",
      "request.assembled",
      "wire.response",
      "turn.completed",
    ]);
    const turns = only(imported.events, "turn.completed");
    expect(turns.map((t) => [t.turn, t.attempt, t.message])).toEqual([
      [1, 1, readFixtureJson("anthropic-response-tool-use.json")],
      [2, 1, readFixtureJson("anthropic-response-after-tool-error.json")],
    ]);
    const requests = only(imported.events, "request.assembled");
    expect(requests.map((r) => [r.turn, r.body])).toEqual([
      [1, readFixtureJson("anthropic-request-tool-use.json")],
      [2, readFixtureJson("anthropic-request-tool-result-is-error.json")],
    ]);
    expect(only(imported.events, "wire.response")[0]!.headers).toEqual({
      "content-type": "application/json",
      "request-id": "req_1",
    });
    expect(JSON.stringify(imported.events)).not.toContain("planted-secret");
    const messages = transcript(imported.id, "anthropic").messages as Json[];
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("two streamed Anthropic calls: each turn's SSE events are wire.events of that turn", () => {
    const har = buildHar([
      {
        url: ANTHROPIC_URL,
        request: "anthropic-request-tool-use-stream.json",
        response: "anthropic-stream-tool-use-padded.sse",
      },
      {
        url: ANTHROPIC_URL,
        request: "anthropic-request-tool-result-stream.json",
        response: "anthropic-stream-final-text-padded.sse",
      },
    ]);
    const imported = importJson(har);
    const wire = only(imported.events, "wire.event");
    expect([wire.filter((e) => e.turn === 1).length, wire.filter((e) => e.turn === 2).length]).toEqual([
      16, 15,
    ]);
    const follow = readFixtureJson<Json>("anthropic-request-tool-result-stream.json");
    const body = transcript(imported.id, "anthropic");
    expect((body.messages as Json[]).slice(0, 3)).toEqual(
      transcript(importJson(follow).id, "anthropic").messages as Json[],
    );
    expect(only(imported.events, "turn.completed").map((t) => t.stopReason.raw)).toEqual([
      "tool_use",
      "end_turn",
    ]);
  });

  it("two OpenAI chat calls: the transcript is the follow-up request plus the final answer", () => {
    const url = "https://api.openai.com/v1/chat/completions";
    const har = buildHar([
      {
        url,
        request: "openai-chat-request-parallel-tools.json",
        response: "openai-chat-response-parallel-tools.json",
      },
      {
        url,
        request: "openai-chat-request-tool-results.json",
        response: "openai-chat-response-after-tools.json",
      },
    ]);
    const imported = importJson(har);
    expect(only(imported.events, "turn.completed").map((t) => t.turn)).toEqual([1, 2]);
    expect(only(imported.events, "tool.result").map((r) => [r.callId, r.turn, r.content])).toEqual([
      ["call_SKQEHo7QVlJRoCtEzcrYZM9C", 1, "rainy"],
      ["call_CkjljlLr7IebPc4hnvetfiZ8", 1, "sunny"],
    ]);
    const follow = readFixtureJson<Json>("openai-chat-request-tool-results.json");
    const final = readFixtureJson<{ choices: { message: { content: string } }[] }>(
      "openai-chat-response-after-tools.json",
    );
    expect(transcript(imported.id, "openai-chat").messages).toEqual([
      ...(follow.messages as Json[]),
      { role: "assistant", content: final.choices[0]!.message.content },
    ]);
  });

  it("two OpenAI Responses calls chained by previous_response_id: the output answers the call", () => {
    const url = "https://api.openai.com/v1/responses";
    const har = buildHar([
      {
        url,
        request: "openai-responses-request-function-call.json",
        response: "openai-responses-response-function-call.json",
      },
      {
        url,
        request: "openai-responses-request-function-call-output.json",
        response: "openai-responses-response-after-function-call.json",
      },
    ]);
    const imported = importJson(har);
    expect(only(imported.events, "turn.completed").map((t) => t.turn)).toEqual([1, 2]);
    const input = transcript(imported.id, "openai-responses").input as Json[];
    expect(input.map((item) => item.type)).toEqual([
      "message",
      "function_call",
      "function_call_output",
      "message",
    ]);
    expect(input[2]).toEqual({
      type: "function_call_output",
      call_id: "call_S2X9KuEJpYvFcF4hgv1XwM0j",
      output: "22 celcius and windy",
    });
    expect(imported.notes.some((note) => note.startsWith("Pairing doctor"))).toBe(false);
  });
});

describe("input it cannot read", () => {
  const garbage: [string, ImportInput][] = [
    ["plain text", { kind: "text", text: "hello, world" }],
    ["an unrelated JSON object", { kind: "json", value: { hello: "world" } }],
    ["a JSON array", { kind: "json", value: [1, 2, 3] }],
    ["SSE of another API", { kind: "text", text: 'event: tick\ndata: {"n":1}\n\n' }],
    [
      "an export with a broken event",
      {
        kind: "json",
        value: {
          format: "toolscope-export",
          version: 1,
          events: [
            { kind: "session.created", config: { provider: { kind: "offline" } }, workspace: {} },
            { kind: "turn.completed", turn: 1 },
          ],
        },
      },
    ],
    [
      "an export of another version",
      { kind: "json", value: { format: "toolscope-export", version: 2, events: [] } },
    ],
    [
      "a HAR without model calls",
      { kind: "json", value: { log: { entries: [{ request: { url: "https://x.test/" }, response: {} }] } } },
    ],
    [
      "an Anthropic request with a broken message",
      { kind: "json", value: { system: "s", messages: [{ role: "user", content: 42 }] } },
    ],
  ];
  it.each(garbage)("%s → 422 saying what was expected, and no session", (_label, input) => {
    const before = runtime.store.listSessions().length;
    const outcome = importSession(runtime, input);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.problem.kind).toBe("unprocessable");
    expect(runtime.store.listSessions()).toHaveLength(before);
  });

  it("names the expected inputs for unrecognized JSON", () => {
    const outcome = importSession(runtime, { kind: "json", value: { hello: "world" } });
    expect(outcome.ok ? null : outcome.problem.error).toBe(
      'Unrecognized input. Expected a Toolscope export, an Anthropic or OpenAI (Chat Completions or Responses) request or response body, a raw SSE capture (text/plain, or JSON { "text": … }), a HAR file (log.entries) holding such calls, or an OTLP/JSON trace of GenAI spans (resourceSpans).',
    );
  });
});

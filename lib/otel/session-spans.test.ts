/**
 * The span mapping against real sessions: runs on the offline model through the real pipeline
 * (lib/agent/testing/offline-runtime.ts), a run whose request fails and is retried, a cut stream,
 * a session imported from a request body (no run), and MCP events spliced into a real log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSession } from "@/lib/agent/import/import-session";
import { createSession } from "@/lib/agent/sessions";
import { openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import type { Fault } from "@/lib/trace/config";
import { STAGES, type TraceEvent } from "@/lib/trace/events";
import { mapSessionToSpans } from "./session-spans";
import type { SpanRecord } from "./types";

let test: TestRuntime;
let readLog: TraceEvent[];
beforeAll(async () => {
  test = openTestRuntime("toolscope-otel-spans-");
  readLog = await test.send(test.create({ kind: "offline" }), "What is in notes/todo.md?");
}, 60_000);
afterAll(() => test.close());

const ON = { captureContent: true };
const OFF = { captureContent: false };
const named = (spans: SpanRecord[], prefix: string) => spans.filter((s) => s.name.startsWith(prefix));
const childrenOf = (spans: SpanRecord[], parent: SpanRecord) =>
  spans.filter((s) => s.parentSpanId === parent.spanId);

function runWith(faults: Fault[], text = "What is in notes/todo.md?"): Promise<TraceEvent[]> {
  return test.send(test.create({ kind: "offline", faults }), text);
}

describe("a run that reads a file", () => {
  it("is one invoke_agent trace: two chat spans and one execute_tool span under it, the nine stages under the call", () => {
    const spans = mapSessionToSpans(readLog, OFF);
    const [run, ...others] = named(spans, "invoke_agent");
    expect(others).toEqual([]);
    expect(run!.parentSpanId).toBeUndefined();
    expect(run!.attributes).toMatchObject({
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": "toolscope",
      "gen_ai.provider.name": "toolscope.offline",
      "gen_ai.conversation.id": readLog[0]!.sessionId,
      "toolscope.run.outcome": "finished",
    });
    const children = childrenOf(spans, run!);
    expect(children.map((s) => s.name)).toEqual([
      "chat toolscope-offline-1",
      "execute_tool read_file",
      "chat toolscope-offline-1",
    ]);
    const tool = children[1]!;
    expect(childrenOf(spans, tool).map((s) => s.attributes["toolscope.stage"])).toEqual([...STAGES]);
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([run!.traceId]));
    expect(spans.every((s) => s.endMs !== null && s.endMs >= s.startMs)).toBe(true);
    expect(new Set(spans.map((s) => s.spanId)).size).toBe(spans.length);
  });

  it("gives each chat span the model, provider, usage and finish reason, and the call its name and id", () => {
    const spans = mapSessionToSpans(readLog, OFF);
    const [first, second] = named(spans, "chat");
    const turns = readLog.filter((e) => e.kind === "turn.completed");
    expect(first!.kind).toBe("client");
    expect(first!.attributes).toMatchObject({
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": "toolscope.offline",
      "gen_ai.request.model": "toolscope-offline-1",
      "gen_ai.response.finish_reasons": ["tool_call"],
      "gen_ai.usage.input_tokens": turns[0]!.kind === "turn.completed" ? turns[0]!.usage.inputTokens : -1,
      "toolscope.turn": 1,
      "toolscope.wire.format": "anthropic",
      "http.response.status_code": 200,
    });
    expect(first!.attributes["toolscope.wire.event_count"]).toBe(
      readLog.filter((e) => e.kind === "wire.event" && e.turn === 1).length,
    );
    expect(second!.attributes["gen_ai.response.finish_reasons"]).toEqual(["stop"]);
    const call = readLog.find((e) => e.kind === "tool.result");
    expect(named(spans, "execute_tool")[0]!.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "read_file",
      "gen_ai.tool.call.id": call?.kind === "tool.result" ? call.callId : "",
      "gen_ai.tool.type": "function",
    });
  });

  it("leaves the opt-in content out unless asked, and then carries messages, definitions, arguments and result", () => {
    const contentKeys = (spans: SpanRecord[]) =>
      spans.flatMap((s) =>
        Object.keys(s.attributes).filter((k) =>
          /messages|instructions|definitions|call\.arguments|call\.result|stage\.(input|output)/.test(k),
        ),
      );
    expect(contentKeys(mapSessionToSpans(readLog, OFF))).toEqual([]);
    const spans = mapSessionToSpans(readLog, ON);
    const [first, second] = named(spans, "chat");
    expect(JSON.parse(String(first!.attributes["gen_ai.input.messages"]))).toEqual([
      { role: "user", parts: [{ type: "text", content: "What is in notes/todo.md?" }] },
    ]);
    const input = JSON.parse(String(second!.attributes["gen_ai.input.messages"]));
    expect(input.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "tool"]);
    expect(input[1].parts.find((p: { type: string }) => p.type === "tool_call")).toMatchObject({
      name: "read_file",
      arguments: { path: "notes/todo.md" },
    });
    expect(input[2].parts[0].response).toContain("# Todo");
    const output = JSON.parse(String(second!.attributes["gen_ai.output.messages"]));
    expect(output[0]).toMatchObject({ role: "assistant", finish_reason: "stop" });
    const definitions = JSON.parse(String(first!.attributes["gen_ai.tool.definitions"]));
    expect(definitions.map((d: { name: string }) => d.name)).toContain("read_file");
    const tool = named(spans, "execute_tool")[0]!;
    expect(tool.attributes["gen_ai.tool.call.arguments"]).toBe('{"path":"notes/todo.md"}');
    expect(tool.attributes["gen_ai.tool.call.result"]).toContain("# Todo");
  });

  it("maps the same log to the same spans and ids every time, and a prefix to open spans", () => {
    expect(mapSessionToSpans(readLog, ON)).toEqual(mapSessionToSpans(readLog, ON));
    const cut = readLog.findIndex((e) => e.kind === "tool.stage" && e.stage === "execute");
    const spans = mapSessionToSpans(readLog.slice(0, cut + 1), OFF);
    const open = spans.filter((s) => s.endMs === null).map((s) => s.name);
    expect(open).toEqual(["invoke_agent toolscope", "execute_tool read_file", "stage execute"]);
    const whole = mapSessionToSpans(readLog, OFF);
    expect(spans.map((s) => s.spanId)).toEqual(whole.slice(0, spans.length).map((s) => s.spanId));
  });
});

describe("failures", () => {
  it("a request that fails with HTTP 429 is an error chat span (error.type 429); its retry is the next attempt", async () => {
    const events = await runWith([{ kind: "http-status", status: 429, retryAfter: 0 }]);
    const chats = named(mapSessionToSpans(events, OFF), "chat");
    expect(chats[0]!.status.code).toBe("error");
    expect(chats[0]!.attributes).toMatchObject({
      "error.type": "429",
      "toolscope.attempt": 1,
      "toolscope.wire.error.source": "http",
    });
    expect(chats[1]!.status.code).toBe("unset");
    expect(chats[1]!.attributes["toolscope.attempt"]).toBe(2);
  }, 30_000);

  it("a stream cut inside a tool call ends the chat as error, and the call as interrupted when the run ends", async () => {
    const events = await runWith([{ kind: "cut-stream", afterEvents: 5 }]);
    const spans = mapSessionToSpans(events, OFF);
    const chat = named(spans, "chat")[0]!;
    expect(chat.status.code).toBe("error");
    expect(["transport", "stream", "stream_cut"]).toContain(chat.attributes["error.type"]);
    const run = named(spans, "invoke_agent")[0]!;
    expect(run.endMs).not.toBeNull();
    for (const tool of named(spans, "execute_tool")) {
      expect(tool.attributes["error.type"]).toBe("interrupted");
      expect(tool.attributes["toolscope.tool.result.synthetic"]).toBe(true);
    }
  }, 30_000);

  it("a call that fails is an execute_tool span in error, its error.type the result's error kind", async () => {
    const events = await runWith([], "What is in notes/missing-file.md?");
    const result = events.find((e) => e.kind === "tool.result");
    if (result?.kind !== "tool.result") throw new Error("no tool result");
    expect(result.isError).toBe(true);
    const tool = named(mapSessionToSpans(events, OFF), "execute_tool")[0]!;
    expect(tool.status.code).toBe("error");
    expect(tool.attributes["error.type"]).toBe(result.errorKind);
  }, 30_000);
});

describe("sessions without a run", () => {
  it("an imported request body: chat spans are roots of the session's trace, each call under the chat that asked for it", () => {
    const body = {
      model: "claude-sonnet-4-5",
      max_tokens: 100,
      system: "Be brief.",
      tools: [{ name: "get_weather", input_schema: { type: "object" } }],
      messages: [
        { role: "user", content: "Weather in Paris?" },
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Paris" } }],
        },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "18°C", is_error: true }],
        },
      ],
    };
    const imported = importSession(test.runtime, { kind: "json", value: body });
    if (!imported.ok) throw new Error(imported.problem.error);
    const spans = mapSessionToSpans(test.runtime.store.events(imported.value.id), OFF);
    expect(named(spans, "invoke_agent")).toEqual([]);
    const tool = named(spans, "execute_tool")[0]!;
    expect(tool.parentSpanId).toBeUndefined();
    expect(tool.status.code).toBe("error");
    expect(tool.attributes).toMatchObject({ "gen_ai.tool.call.id": "toolu_1", "error.type": "_OTHER" });
  });
});

describe("MCP calls", () => {
  it("a call of an mcp__server__tool is an execute_tool span with mcp.* attributes, its JSON-RPC request a client span under it", async () => {
    const created = createSession(test.runtime, {
      tools: [
        {
          name: "mcp__files__read_text_file",
          description: "Read a text file",
          input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
          mock: { kind: "static", result: "hello" },
        },
      ],
    });
    if (!created.ok) throw new Error(created.problem.error);
    const log = await test.send(created.value.id, "Read the text file notes.md");
    const execute = log.findIndex(
      (e) => e.kind === "tool.stage" && e.stage === "execute" && e.status === "running",
    );
    expect(execute).toBeGreaterThan(0);
    const at = log[execute]!.at;
    const base = { sessionId: log[0]!.sessionId, at, seq: 0 };
    const mcp = [
      {
        ...base,
        kind: "mcp.connected",
        server: "files",
        protocolVersion: "2025-06-18",
        config: { type: "stdio", command: "node" },
      },
      {
        ...base,
        kind: "mcp.message",
        server: "files",
        direction: "out",
        message: { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "read_text_file" } },
      },
      {
        ...base,
        kind: "mcp.message",
        server: "files",
        direction: "in",
        message: { jsonrpc: "2.0", method: "notifications/progress", params: {} },
      },
      {
        ...base,
        kind: "mcp.message",
        server: "files",
        direction: "in",
        message: { jsonrpc: "2.0", id: 7, result: { isError: true, content: [] } },
      },
    ] as unknown as TraceEvent[];
    const spliced = [...log.slice(0, execute + 1), ...mcp, ...log.slice(execute + 1)];
    const spans = mapSessionToSpans(spliced, OFF);
    const tool = named(spans, "execute_tool")[0]!;
    expect(tool.attributes).toMatchObject({
      "gen_ai.tool.type": "extension",
      "mcp.method.name": "tools/call",
      "toolscope.mcp.server": "files",
      "toolscope.mcp.tool": "read_text_file",
    });
    const client = named(spans, "tools/call")[0]!;
    expect(client.parentSpanId).toBe(tool.spanId);
    expect(client.kind).toBe("client");
    expect(client.attributes).toMatchObject({
      "mcp.method.name": "tools/call",
      "jsonrpc.request.id": "7",
      "mcp.protocol.version": "2025-06-18",
      "network.transport": "pipe",
      "gen_ai.tool.name": "read_text_file",
      "error.type": "tool_error",
    });
    expect(client.events.map((e) => e.name)).toEqual(["mcp.notifications/progress"]);
    expect(client.endMs).not.toBeNull();
  }, 30_000);
});

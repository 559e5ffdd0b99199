/** `POST /api/import` of OTLP/JSON traces written by other tools (no Toolscope attributes). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import { projectTranscript } from "@/lib/trace/transcript";
import { importSession } from "./import-session";

let test: TestRuntime;
beforeAll(() => {
  test = openTestRuntime("toolscope-import-otlp-");
});
afterAll(() => test.close());

const str = (key: string, value: string) => ({ key, value: { stringValue: value } });
const nanos = (ms: number) => `${ms}000000`;
function span(name: string, id: string, startMs: number, attributes: object[], extra: object = {}) {
  return {
    traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
    spanId: id,
    name,
    startTimeUnixNano: nanos(startMs),
    endTimeUnixNano: nanos(startMs + 50),
    attributes,
    ...extra,
  };
}
const file = (...spans: object[]) => ({ resourceSpans: [{ scopeSpans: [{ spans }] }] });

describe("an OTLP import", () => {
  it("reads another tool's GenAI spans with content: the conversation, the tools and the system prompt", () => {
    const input = [{ role: "user", parts: [{ type: "text", content: "Weather in Paris?" }] }];
    const call = { type: "tool_call", id: "call_1", name: "get_weather", arguments: '{"city":"Paris"}' };
    const trace = file(
      span("chat gpt-4o", "00f067aa0ba902b7", 1000, [
        str("gen_ai.operation.name", "chat"),
        str("gen_ai.provider.name", "openai"),
        str("gen_ai.request.model", "gpt-4o"),
        str("gen_ai.system_instructions", JSON.stringify([{ type: "text", content: "Be brief." }])),
        str(
          "gen_ai.tool.definitions",
          JSON.stringify([{ type: "function", name: "get_weather", parameters: { type: "object" } }]),
        ),
        str("gen_ai.input.messages", JSON.stringify(input)),
        str(
          "gen_ai.output.messages",
          JSON.stringify([{ role: "assistant", parts: [call], finish_reason: "tool_call" }]),
        ),
      ]),
      span("execute_tool get_weather", "00f067aa0ba902b8", 1100, [
        str("gen_ai.operation.name", "execute_tool"),
        str("gen_ai.tool.name", "get_weather"),
        str("gen_ai.tool.call.id", "call_1"),
        str("gen_ai.tool.call.result", "rainy, 57°F"),
      ]),
      span("chat gpt-4o", "00f067aa0ba902b9", 1200, [
        str("gen_ai.operation.name", "chat"),
        str(
          "gen_ai.input.messages",
          JSON.stringify([
            ...input,
            { role: "assistant", parts: [call] },
            { role: "tool", parts: [{ type: "tool_call_response", id: "call_1", response: "rainy, 57°F" }] },
          ]),
        ),
        str(
          "gen_ai.output.messages",
          JSON.stringify([
            { role: "assistant", parts: [{ type: "text", content: "Rainy." }], finish_reason: "stop" },
          ]),
        ),
      ]),
    );
    const imported = importSession(test.runtime, { kind: "json", value: trace });
    if (!imported.ok) throw new Error(imported.problem.error);
    expect(imported.value.detected).toEqual({ format: "otlp", provider: "openai-chat" });
    const view = projectTranscript(test.runtime.store.events(imported.value.id));
    expect(view.system).toBe("Be brief.");
    expect(view.tools.map((t) => t.name)).toEqual(["get_weather"]);
    expect(view.messages.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
      ["user", ["text"]],
      ["assistant", ["toolCall"]],
      ["user", ["toolResult"]],
      ["assistant", ["text"]],
    ]);
    expect(view.messages[1]!.content[0]).toMatchObject({
      arguments: { city: "Paris" },
      rawArguments: '{"city":"Paris"}',
    });
    expect(view.messages[2]!.content[0]).toMatchObject({ content: "rainy, 57°F", isError: false });
  });

  it("without content, a turn holds the calls its execute_tool spans name, and says so in the notes", () => {
    const trace = file(
      span("chat claude", "00f067aa0ba902c1", 1000, [
        str("gen_ai.operation.name", "chat"),
        str("gen_ai.provider.name", "anthropic"),
      ]),
      span(
        "execute_tool read_file",
        "00f067aa0ba902c2",
        1100,
        [
          str("gen_ai.operation.name", "execute_tool"),
          str("gen_ai.tool.name", "read_file"),
          str("gen_ai.tool.call.id", "toolu_9"),
          str("error.type", "timeout"),
        ],
        { status: { code: 2 } },
      ),
    );
    const imported = importSession(test.runtime, { kind: "json", value: trace });
    if (!imported.ok) throw new Error(imported.problem.error);
    expect(imported.value.detected.provider).toBe("anthropic");
    expect(imported.value.notes.join(" ")).toContain("no gen_ai.tool.call.result");
    const view = projectTranscript(test.runtime.store.events(imported.value.id));
    expect(view.messages.map((m) => m.content[0])).toMatchObject([
      { type: "toolCall", id: "toolu_9", name: "read_file" },
      { type: "toolResult", toolCallId: "toolu_9", isError: true, errorKind: "timeout" },
    ]);
  });

  it("a malformed trace is unprocessable naming the path, and nothing is saved", () => {
    const before = test.runtime.store.listSessions().length;
    const bad = file(span("chat", "00f067aa0ba902d1", 1000, []), span("chat", "nothex", 1000, []));
    const refused = importSession(test.runtime, { kind: "json", value: bad });
    expect(refused.ok ? null : refused.problem).toMatchObject({
      kind: "unprocessable",
      path: "/resourceSpans/0/scopeSpans/0/spans/1/spanId",
    });
    const none = importSession(test.runtime, {
      kind: "json",
      value: file(span("GET /", "00f067aa0ba902d2", 1, [])),
    });
    expect(none.ok ? null : none.problem).toMatchObject({ kind: "unprocessable", path: "/resourceSpans" });
    expect(test.runtime.store.listSessions()).toHaveLength(before);
  });
});

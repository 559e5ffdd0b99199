import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { runLesson } from "../testing/run-lesson";
import { threeWireFormatsLesson } from "./three-wire-formats";

interface ChatMessage {
  role: string;
  tool_calls?: { id: string; function: { arguments: unknown } }[];
  tool_call_id?: string;
}

describe("lesson three-wire-formats: the same turn as Anthropic, Chat Completions and Responses", () => {
  it("sends one conversation in each format: blocks, then messages with role tool, then items", async () => {
    const { events } = await runLesson("three-wire-formats");
    const requests = only(events, "request.assembled");
    expect(requests.map((e) => [e.turn, e.format])).toEqual([
      [1, "anthropic"],
      [2, "anthropic"],
      [3, "openai-chat"],
      [4, "openai-chat"],
      [5, "openai-responses"],
      [6, "openai-responses"],
    ]);
    const results = only(events, "tool.result");
    expect(results.map((e) => [e.name, e.isError, e.content.split("\n")[0]])).toEqual([
      ["read_file", false, "# Todo"],
      ["read_file", false, "# Ideas"],
      ["read_file", false, "# Sandbox"],
    ]);
    const [todo, ideas, readme] = results.map((e) => e.callId);

    // Chat: the system prompt is a message, the earlier call a tool_calls entry, its result role tool.
    const chat = (requests[2]!.body as { messages: ChatMessage[] }).messages;
    expect(chat.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool", "assistant", "user"]);
    expect(chat[2]!.tool_calls![0]).toMatchObject({
      id: todo,
      function: { arguments: '{"path": "notes/todo.md"}' },
    });
    expect(chat[3]!.tool_call_id).toBe(todo);

    // Responses: no tool messages at all — function_call and function_call_output items by call_id.
    const responses = requests[4]!.body as {
      instructions: string;
      input: { type: string; call_id?: string }[];
    };
    expect(responses.instructions).toBe(threeWireFormatsLesson.system);
    const items = responses.input.map((item) => [item.type, item.call_id ?? null]);
    expect(items.filter(([type]) => type !== "message")).toEqual([
      ["function_call", todo],
      ["function_call_output", todo],
      ["function_call", ideas],
      ["function_call_output", ideas],
    ]);

    // Each wire streams its own events: named blocks, unnamed chunks, typed response events.
    const names = (turn: number) =>
      new Set(
        only(events, "wire.event")
          .filter((e) => e.turn === turn)
          .map((e) => e.event),
      );
    expect(names(1).has("content_block_delta")).toBe(true);
    expect([...names(3)]).toEqual([null]);
    expect(names(5).has("response.function_call_arguments.delta")).toBe(true);
    expect(readme).toMatch(/^call_offline_/);

    const located = locateSteps(events, threeWireFormatsLesson.steps);
    expect(located.every((seq) => seq !== null)).toBe(true);
    const kinds = located.map((seq) => events.find((e) => e.seq === seq)!.kind);
    expect(kinds).toEqual(threeWireFormatsLesson.steps.map((step) => step.match.kind));
    const configured = only(events, "session.configured");
    expect(configured.map((e) => e.changes.provider?.after.wire)).toEqual([
      "openai-chat",
      "openai-responses",
    ]);
    expect(located[3]).toBe(configured[0]!.seq);
  });
});

import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectTranscript } from "@/lib/trace/transcript";
import { runLesson } from "../testing/run-lesson";
import { firstToolCallLesson } from "./first-tool-call";

describe("lesson first-tool-call: one read_file call, from the request to the answer", () => {
  it("shows roles and blocks, the request's order, the SSE events, partial JSON, the stop reasons and the id pairing", async () => {
    const { events } = await runLesson("first-tool-call");
    const wire = only(events, "wire.event").filter((e) => e.turn === 1);
    const [first, second] = only(events, "turn.completed");
    const [request1, request2] = only(events, "request.assembled");
    const [result] = only(events, "tool.result");

    // sse-events: the named events of a streamed Anthropic message, in order of first appearance.
    expect([...new Set(wire.map((e) => e.event))]).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    // partial-json: the pieces join to the input, and no piece before the last one parses.
    const pieces = wire
      .filter((e) => e.data.includes('"input_json_delta"'))
      .map((e) => (JSON.parse(e.data) as { delta: { partial_json: string } }).delta.partial_json);
    expect(pieces.join("")).toBe('{"path": "notes/todo.md"}');
    const prefixes = pieces.slice(0, -1).map((_, i) => pieces.slice(0, i + 1).join(""));
    expect(prefixes.filter((text) => text !== "").every((text) => !isJson(text))).toBe(true);

    // context-order: tools, then the system prompt, then the messages.
    const keys = Object.keys(request1!.body);
    expect(keys.indexOf("tools")).toBeLessThan(keys.indexOf("system"));
    expect(keys.indexOf("system")).toBeLessThan(keys.indexOf("messages"));

    // stop-reason: tool_use, then end_turn.
    expect([first!.stopReason, second!.stopReason]).toEqual([
      { unified: "tool_use", raw: "tool_use" },
      { unified: "end_turn", raw: "end_turn" },
    ]);

    // roles-vs-blocks and id-pairing: the result is a block of a user message, paired by the call's id.
    const call = first!.unified.content.find((block) => block.type === "toolCall")!;
    const callId = call.type === "toolCall" ? call.id : "";
    const started = wire.find((e) => e.data.includes('"type":"tool_use"'))!;
    expect(started.data).toContain(`"id":"${callId}"`);
    expect(result).toMatchObject({ callId, name: "read_file", isError: false });
    const sent = (request2!.body as { messages: { role: string; content: { type: string }[] }[] }).messages;
    expect(sent.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
      ["user", ["text"]],
      ["assistant", ["text", "tool_use"]],
      ["user", ["tool_result"]],
    ]);
    expect(sent[2]!.content[0]).toEqual({
      type: "tool_result",
      tool_use_id: callId,
      content: result!.content,
    });
    expect(projectTranscript(events).messages.map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    expect(second!.unified.content).toEqual([
      {
        type: "text",
        text: "notes/todo.md lists: Read the tool-use docs (open); Sketch the weather tool schema (done); Add tests for the pipeline (open).",
      },
    ]);

    const firstPiece = wire.find((e) => e.data.includes('"partial_json":"{'))!;
    expect(locateSteps(events, firstToolCallLesson.steps)).toEqual([
      only(events, "user.message")[0]!.seq,
      request1!.seq,
      wire[0]!.seq,
      started.seq,
      firstPiece.seq,
      wire.find((e) => e.event === "message_delta")!.seq,
      first!.seq,
      result!.seq,
      request2!.seq,
      second!.seq,
    ]);
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

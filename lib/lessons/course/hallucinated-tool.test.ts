import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { runLesson } from "../testing/run-lesson";
import { hallucinatedToolLesson } from "./hallucinated-tool";

describe("lesson hallucinated-tool: an unknown tool name fails at lookup, and the model recovers", () => {
  it("stops open_file at lookup with unknown_tool, then runs read_file", async () => {
    const { events } = await runLesson("hallucinated-tool");
    const [wrong, right] = only(events, "tool.result");
    expect(wrong).toMatchObject({
      name: "open_file",
      isError: true,
      errorKind: "unknown_tool",
      content: "Unknown tool `open_file`. Nothing ran. Available tools: `read_file`, `list_dir`.",
      hint: "Call one of the available tools by its exact name.",
    });
    const stagesOf = (callId: string) =>
      only(events, "tool.stage")
        .filter((e) => e.callId === callId && e.status !== "running")
        .map((e) => `${e.stage} ${e.status}`);
    expect(stagesOf(wrong!.callId)).toEqual(["lookup error", "normalize ok"]);
    expect(stagesOf(right!.callId)).toContain("execute ok");
    expect(right).toMatchObject({ name: "read_file", isError: false, turn: 2 });

    // The error goes back as an ordinary tool_result with is_error, paired by id.
    const request2 = only(events, "request.assembled").find((e) => e.turn === 2)!;
    const messages = (request2.body as { messages: { content: Record<string, unknown>[] }[] }).messages;
    expect(messages[2]!.content[0]).toEqual({
      type: "tool_result",
      tool_use_id: wrong!.callId,
      content: wrong!.content,
      is_error: true,
    });
    expect(only(events, "run.finished").map((e) => e.reason)).toEqual(["end_turn"]);

    const stageSeq = (callId: string, stage: string) =>
      only(events, "tool.stage").find(
        (e) => e.callId === callId && e.stage === stage && e.status !== "running",
      )!.seq;
    expect(locateSteps(events, hallucinatedToolLesson.steps)).toEqual([
      only(events, "turn.completed")[0]!.seq,
      stageSeq(wrong!.callId, "lookup"),
      wrong!.seq,
      request2.seq,
      stageSeq(right!.callId, "lookup"),
      right!.seq,
    ]);
  });
});

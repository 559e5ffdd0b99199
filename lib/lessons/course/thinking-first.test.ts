import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectTranscript } from "@/lib/trace/transcript";
import { THINKING_FIRST_THOUGHT, thinkingFirstLesson } from "./thinking-first";

describe("lesson thinking-first: a signed thinking block before a tool call goes back in the next request", () => {
  it(
    "streams thinking then tool_use, and resends the thinking block unchanged",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("thinking-first");
      const [first, second] = only(events, "turn.completed");
      const [thinking, call] = first!.unified.content;
      expect(thinking).toEqual({
        type: "thinking",
        thinking: THINKING_FIRST_THOUGHT,
        signature: expect.any(String),
      });
      const signature = (thinking as { signature: string }).signature;
      expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/u);
      expect(call).toMatchObject({
        type: "toolCall",
        name: "read_file",
        arguments: { path: "notes/todo.md" },
      });
      const callId = (call as { id: string }).id;
      expect(first!.unified.content).toHaveLength(2);
      expect(first!.stopReason).toEqual({ unified: "tool_use", raw: "tool_use" });

      // On the wire: the thinking block streams first, thinking_deltas, then one signature_delta.
      const wire = only(events, "wire.event").filter((e) => e.turn === 1);
      const deltas = wire
        .filter((e) => e.event === "content_block_delta")
        .map((e) => JSON.parse(e.data) as { index: number; delta: { type: string; signature?: string } });
      const thinkingDeltas = deltas.filter((d) => d.index === 0).map((d) => d.delta.type);
      expect(new Set(thinkingDeltas.slice(0, -1))).toEqual(new Set(["thinking_delta"]));
      expect(deltas.filter((d) => d.index === 0).at(-1)!.delta).toEqual({
        type: "signature_delta",
        signature,
      });

      // The next request sends the thinking block back, first in the same assistant message.
      const requests = only(events, "request.assembled");
      const messages = requests[1]!.body.messages as { role: string; content: unknown[] }[];
      expect(messages[1]).toEqual({
        role: "assistant",
        content: [
          { type: "thinking", thinking: THINKING_FIRST_THOUGHT, signature },
          { type: "tool_use", id: callId, name: "read_file", input: { path: "notes/todo.md" } },
        ],
      });
      expect(second!.stopReason.unified).toBe("end_turn");
      expect(checkTranscript(projectTranscript(events).messages)).toEqual([]);

      const thinkingStart = wire.find((e) => e.event === "content_block_start")!;
      expect(JSON.parse(thinkingStart.data)).toMatchObject({ content_block: { type: "thinking" } });
      const signatureEvent = wire.find((e) => e.data.includes('"signature_delta"'))!;
      expect(locateSteps(events, thinkingFirstLesson.steps)).toEqual([
        thinkingStart.seq,
        signatureEvent.seq,
        first!.seq,
        requests[1]!.seq,
      ]);
    },
  );
});

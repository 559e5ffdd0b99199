import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectTranscript } from "@/lib/trace/transcript";
import { parallelReadsLesson } from "./parallel-reads";

describe("lesson parallel-reads: three parallel reads finish out of order, results go back in call order", () => {
  it(
    "runs the three calls as one group and sends the results in call order",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("parallel-reads");

      const [batch] = only(events, "batch.planned");
      const callIds = batch!.callIds;
      expect(callIds).toHaveLength(3);
      expect(batch!.schedule).toEqual([callIds]);
      const executes = only(events, "tool.stage").filter((e) => e.stage === "execute");
      const started = executes.filter((e) => e.status === "running");
      const ended = executes.filter((e) => e.status !== "running");
      expect(started.map((e) => e.callId)).toEqual(callIds);
      expect(Math.max(...started.map((e) => e.seq))).toBeLessThan(Math.min(...ended.map((e) => e.seq)));
      expect(ended.map((e) => e.callId)).toEqual([callIds[1], callIds[2], callIds[0]]);

      const results = only(events, "tool.result");
      expect(results.map((e) => [e.name, e.callId])).toEqual([
        ["read_file", callIds[1]],
        ["http_get", callIds[2]],
        ["slow_task", callIds[0]],
      ]);
      const next = only(events, "request.assembled").find((e) => e.turn === 2)!.body as {
        messages: { role: string; content: { type: string; tool_use_id?: string }[] }[];
      };
      const last = next.messages.at(-1)!;
      expect(last.role).toBe("user");
      expect(last.content.map((block) => [block.type, block.tool_use_id])).toEqual(
        callIds.map((id) => ["tool_result", id]),
      );
      expect(checkTranscript(projectTranscript(events).messages)).toEqual([]);
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn" });
      expect(locateSteps(events, parallelReadsLesson.steps)).not.toContain(null);
    },
  );
});

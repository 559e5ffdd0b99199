import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { slowToolTimeoutLesson } from "./slow-tool-timeout";

describe("lesson slow-tool-timeout: progress while a slow tool runs, then a timeout on the virtual clock", () => {
  it(
    "streams every step of the short job and stops the long one at 3,000 ms",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("slow-tool-timeout");

      const [short, long] = only(events, "tool.result");
      const progressOf = (callId: string) =>
        only(events, "tool.progress")
          .filter((e) => e.callId === callId)
          .map((e) => [e.message, e.fraction]);
      expect(progressOf(short!.callId)).toEqual([
        ["step 1 of 3", 1 / 3],
        ["step 2 of 3", 2 / 3],
        ["step 3 of 3", 1],
      ]);
      expect(progressOf(long!.callId)).toEqual([
        ["step 1 of 10", 0.1],
        ["step 2 of 10", 0.2],
        ["step 3 of 10", 0.3],
        ["step 4 of 10", 0.4],
      ]);
      const ends = only(events, "tool.stage").filter(
        (e) => (e.stage === "execute" || e.stage === "progress") && e.status !== "running",
      );
      expect(
        ends.map(({ callId, stage, status, output, ms }) => ({ callId, stage, status, output, ms })),
      ).toEqual([
        {
          callId: short!.callId,
          stage: "execute",
          status: "ok",
          output: "ok: Finished 3 steps of 500 ms (1500 ms in all).",
          ms: 1500,
        },
        { callId: short!.callId, stage: "progress", status: "ok", output: "3 updates", ms: 1000 },
        {
          callId: long!.callId,
          stage: "execute",
          status: "error",
          output: "timeout: slow_task did not finish within 3,000 ms and was stopped.",
          ms: 3000,
        },
        { callId: long!.callId, stage: "progress", status: "ok", output: "4 updates", ms: 2300 },
      ]);
      expect(short).toMatchObject({
        content: "Finished 3 steps of 500 ms (1500 ms in all).",
        isError: false,
      });
      expect(long).toMatchObject({
        content: "slow_task did not finish within 3,000 ms and was stopped.",
        isError: true,
        errorKind: "timeout",
        hint: "The tool was stopped at its time limit; its side effects may have happened. Check before retrying.",
      });
      const lastProgress = only(events, "tool.progress").at(-1)!;
      expect(lastProgress.seq).toBeLessThan(long!.seq);
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn" });
      expect(locateSteps(events, slowToolTimeoutLesson.steps)).not.toContain(null);
    },
  );
});

import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { hookFailureLesson } from "./hook-failure";

const FAILURE =
  "The harness check `audit-log` failed (no hook named `audit-log` is registered), so nothing ran. The failure is in the harness, not in your arguments: tell the person instead of retrying.";

describe("lesson hook-failure: a failing preflight check blocks under fail-closed and is skipped under fail-open", () => {
  it.each(["en", "zh"] as const)(
    "blocks the first read with hook_error, runs the second (%s)",
    { timeout: 30_000 },
    async (lang) => {
      const { events } = await runLesson("hook-failure", { lang });
      const [first, second] = only(events, "tool.result");
      expect(first).toMatchObject({
        name: "read_file",
        isError: true,
        errorKind: "hook_error",
        content: `Blocked by audit-log: ${FAILURE}`,
      });
      expect(second).toMatchObject({
        name: "read_file",
        isError: false,
        content: expect.stringMatching(/^# Todo\n/u),
      });

      const preflight = only(events, "tool.stage").filter(
        (e) => e.stage === "preflight" && e.status !== "running",
      );
      expect(preflight.map((e) => [e.callId, e.status, e.output])).toEqual([
        [first!.callId, "blocked", `audit-log: ${FAILURE}`],
        [
          second!.callId,
          "ok",
          "workspace-confinement: ok (path); hook audit-log: failed, continuing (fail-open); audit-log threw: no hook named `audit-log` is registered",
        ],
      ]);
      const executed = only(events, "tool.stage").filter((e) => e.stage === "execute" && e.status === "ok");
      expect(executed.map((e) => e.callId)).toEqual([second!.callId]);

      const [configured] = only(events, "session.configured");
      expect(configured!.changes).toEqual({
        policy: {
          before: { hooks: ["audit-log"], hookFailure: "fail-closed" },
          after: { hooks: ["audit-log"], hookFailure: "fail-open" },
        },
      });
      expect(locateSteps(events, hookFailureLesson.steps)).toEqual([
        preflight[0]!.seq,
        first!.seq,
        configured!.seq,
        preflight[1]!.seq,
        executed[0]!.seq,
      ]);
    },
  );
});

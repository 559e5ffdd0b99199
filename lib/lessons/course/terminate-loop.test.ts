import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectWorkspace } from "@/lib/trace/workspace";
import { PAGE_MESSAGE, terminateLoopLesson } from "./terminate-loop";

describe("lesson terminate-loop: a post rule ends the run after the notification's result", () => {
  it(
    "ends with run.finished right after the result, with no further model request",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("terminate-loop");

      expect(only(events, "request.assembled").map((e) => e.turn)).toEqual([1, 2]);
      expect(only(events, "turn.completed").map((e) => e.turn)).toEqual([1, 2]);
      const posts = only(events, "tool.stage").filter((e) => e.stage === "post" && e.status === "ok");
      expect(posts.map((e) => e.output)).toEqual([
        "nothing to change",
        "rule stop-after-paging: terminate after this turn",
      ]);
      const [page, notification] = only(events, "tool.result");
      expect(page).toMatchObject({ name: "http_get", isError: true, errorKind: "execution_error" });
      expect(notification).toMatchObject({
        name: "send_notification",
        content: '{"notification_id":"ntf_0001","channel":"slack","to":"#oncall","status":"sent"}',
        isError: false,
      });
      expect(events.slice(-2).map((e) => e.kind)).toEqual(["tool.result", "run.finished"]);
      expect(events.at(-1)).toMatchObject({
        kind: "run.finished",
        reason: "a post rule asked to terminate after this turn",
        syntheticResults: [],
      });
      expect(projectWorkspace(events).ledger).toEqual([
        {
          tool: "send_notification",
          action: "notification.sent",
          notificationId: "ntf_0001",
          channel: "slack",
          to: "#oncall",
          message: PAGE_MESSAGE,
        },
      ]);
      expect(locateSteps(events, terminateLoopLesson.steps)).not.toContain(null);
    },
  );
});

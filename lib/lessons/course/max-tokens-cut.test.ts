import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectTranscript } from "@/lib/trace/transcript";
import { projectWorkspace } from "@/lib/trace/workspace";
import {
  LONG_NOTES,
  MAX_TOKENS_CUT_AFTER,
  MEETING_PATH,
  SHORT_NOTES,
  maxTokensCutLesson,
} from "./max-tokens-cut";

describe("lesson max-tokens-cut: a tool input cut off at max_tokens is not run, and the transcript stays valid", () => {
  it(
    "stops at max_tokens, runs nothing of the cut call, answers it with interrupted",
    { timeout: 30_000 },
    async () => {
      const { events, afterEachMessage } = await runLesson("max-tokens-cut");
      const [cutTurn, retryTurn] = only(events, "turn.completed");
      expect(cutTurn!.stopReason).toEqual({ unified: "max_tokens", raw: "max_tokens" });
      const cut = cutTurn!.unified.content.find((b) => b.type === "toolCall")!;
      // The input stops inside the content string: the streamed text does not parse.
      const whole = JSON.stringify({ path: MEETING_PATH, content: LONG_NOTES })
        .replace(/":/gu, '": ')
        .replace(/,"/gu, ', "');
      expect(cut).toEqual({
        type: "toolCall",
        id: expect.any(String),
        name: "write_file",
        arguments: null,
        rawArguments: Array.from(whole).slice(0, MAX_TOKENS_CUT_AFTER).join(""),
      });
      const messageDelta = only(events, "wire.event").find(
        (e) => e.turn === 1 && e.event === "message_delta",
      )!;
      expect(JSON.parse(messageDelta.data)).toMatchObject({ delta: { stop_reason: "max_tokens" } });

      // No pipeline stage for the cut call; its interrupted result comes with the run's end.
      expect(events.filter((e) => "callId" in e && e.callId === cut.id)).toEqual([]);
      expect(only(events, "batch.planned").map((e) => e.turn)).toEqual([2]);
      const [cutEnd, lastEnd] = only(events, "run.finished");
      expect(cutEnd!.syntheticResults).toEqual([
        {
          type: "toolResult",
          toolCallId: cut.id,
          content: "The model's reply was cut off at max_tokens before write_file ran; it did not run.",
          isError: true,
          errorKind: "interrupted",
        },
      ]);
      // Valid for every provider: only the doctor's warning that the cut call's arguments never parsed.
      const warning = {
        rule: "call-unparsed-arguments",
        severity: "warning",
        message: `Tool call "${cut.id}" (write_file) in message 1 has arguments that do not parse as JSON, so it cannot have run as the model meant.`,
        messageIndex: 1,
        blockIndex: 1,
        callId: cut.id,
        rejectedBy: [],
      };
      for (const log of afterEachMessage)
        expect(checkTranscript(projectTranscript(log).messages)).toEqual([warning]);

      expect(retryTurn!.stopReason.unified).toBe("tool_use");
      const executed = only(events, "tool.stage").filter((e) => e.stage === "execute" && e.status === "ok");
      expect(executed).toHaveLength(1);
      expect(projectWorkspace(events).files[MEETING_PATH]).toBe(SHORT_NOTES);
      expect(lastEnd!.syntheticResults).toEqual([]);

      const requests = only(events, "request.assembled");
      expect(locateSteps(events, maxTokensCutLesson.steps)).toEqual([
        messageDelta.seq,
        cutTurn!.seq,
        cutEnd!.seq,
        requests[1]!.seq,
        executed[0]!.seq,
      ]);
    },
  );
});

import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectTranscript } from "@/lib/trace/transcript";
import { overloadedMidStreamLesson } from "./overloaded-mid-stream";

describe("lesson overloaded-mid-stream: a 529 is retried, an overloaded_error inside the stream is not", () => {
  it(
    "retries turn 1, fails the run at turn 2's error event, and carries on with the next message",
    { timeout: 30_000 },
    async () => {
      const { events, afterEachMessage } = await runLesson("overloaded-mid-stream");

      const errors = only(events, "wire.error").map(({ turn, attempt, source, status, message }) => ({
        turn,
        attempt,
        source,
        status,
        message,
      }));
      expect(errors).toEqual([
        {
          turn: 1,
          attempt: 1,
          source: "http",
          status: 529,
          message:
            "HTTP 529 (the SDK retries after 1000 ms): Overloaded (a fault injected by the offline model).",
        },
        { turn: 2, attempt: 1, source: "stream", status: null, message: "overloaded_error: Overloaded" },
      ]);
      const responses = only(events, "wire.response");
      expect(responses.map((e) => [e.turn, e.attempt, e.status])).toEqual([
        [1, 1, 529],
        [1, 2, 200],
        [2, 1, 200],
        [3, 1, 200],
      ]);
      // The retry waited the retry-after second on the run's clock.
      const [httpError, streamError] = only(events, "wire.error");
      expect(responses[1]!.at - httpError!.at).toBe(1000);

      // Turn 2 streamed, then the error event arrived; nothing of turn 2 entered the transcript.
      const turn2 = only(events, "wire.event").filter((e) => e.turn === 2);
      expect(turn2.at(-1)).toMatchObject({
        event: "error",
        data: '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      });
      expect(turn2.slice(0, -1).some((e) => e.data.includes('"text_delta"'))).toBe(true);
      expect(only(events, "turn.completed").map((e) => e.turn)).toEqual([1, 3]);
      const ends = events.filter((e) => e.kind === "run.failed" || e.kind === "run.finished");
      expect(ends.map((e) => [e.kind, e.reason])).toEqual([
        ["run.failed", "overloaded_error: Overloaded"],
        ["run.finished", "end_turn"],
      ]);
      for (const log of afterEachMessage)
        expect(checkTranscript(projectTranscript(log).messages)).toEqual([]);

      const errorEvent = turn2.at(-1)!;
      expect(locateSteps(events, overloadedMidStreamLesson.steps)).toEqual([
        httpError!.seq,
        responses[1]!.seq,
        errorEvent.seq,
        streamError!.seq,
        ends[0]!.seq,
        only(events, "turn.completed")[1]!.seq,
      ]);
    },
  );
});

import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectTranscript } from "@/lib/trace/transcript";
import { streamCutLesson } from "./stream-cut";

describe("lesson stream-cut: a stream cut inside a tool_use leaves an interrupted result and a valid transcript", () => {
  it(
    "cuts turn 1 in the arguments, answers the half-sent call with interrupted, then carries on",
    { timeout: 30_000 },
    async () => {
      const { events, afterEachMessage } = await runLesson("stream-cut");
      const wire = only(events, "wire.event").filter((e) => e.turn === 1);
      const start = wire.find((e) => e.event === "content_block_start" && e.data.includes('"tool_use"'))!;
      const { content_block: block } = JSON.parse(start.data) as {
        content_block: { id: string; name: string };
      };
      expect(block.name).toBe("read_file");

      // What arrived of the arguments is partial JSON: it does not parse.
      const pieces = wire
        .filter((e) => e.data.includes('"input_json_delta"'))
        .map((e) => (JSON.parse(e.data) as { delta: { partial_json: string } }).delta.partial_json);
      const partial = pieces.join("");
      expect(partial).toBe('{"path":');
      expect(() => JSON.parse(partial)).toThrow(SyntaxError);
      expect(wire.at(-1)!.data).toContain('"input_json_delta"');
      const [cut] = only(events, "wire.error");
      expect(cut).toMatchObject({ turn: 1, attempt: 1, source: "stream", status: null, body: null });
      expect(only(events, "wire.error")).toHaveLength(1);

      // The half-sent call gets one synthetic interrupted result, and the transcript stays valid.
      const [failed] = only(events, "run.failed");
      expect(failed!.syntheticResults).toEqual([
        {
          type: "toolResult",
          toolCallId: block.id,
          content: expect.stringMatching(/did not run/u),
          isError: true,
          errorKind: "interrupted",
        },
      ]);
      for (const log of afterEachMessage)
        expect(
          checkTranscript(projectTranscript(log).messages).filter((p) => p.severity === "error"),
        ).toEqual([]);
      const results = projectTranscript(events).messages.flatMap((m) =>
        m.content.flatMap((b) => (b.type === "toolResult" ? [[b.toolCallId, b.errorKind ?? null]] : [])),
      );
      expect(results).toEqual([
        [block.id, "interrupted"],
        [expect.any(String), null],
      ]);

      // The next message carries on: the call is sent again, complete, and runs.
      const executed = only(events, "tool.stage").filter((e) => e.stage === "execute" && e.status === "ok");
      expect(executed).toHaveLength(1);
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn", syntheticResults: [] });

      const firstPiece = wire.find((e) => e.data.includes('"input_json_delta"'))!;
      const retryRequest = only(events, "request.assembled").find((e) => e.turn === 2)!;
      expect(locateSteps(events, streamCutLesson.steps)).toEqual([
        start.seq,
        firstPiece.seq,
        cut!.seq,
        failed!.seq,
        retryRequest.seq,
        executed[0]!.seq,
      ]);
    },
  );
});

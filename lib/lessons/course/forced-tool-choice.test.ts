import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { respondOffline } from "@/lib/providers/offline/respond";
import type { OfflineRequest } from "@/lib/providers/offline/types";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { forcedToolChoiceLesson } from "./forced-tool-choice";

/** What the offline model says to `body` on its own, without the lesson's script (ids left out). */
function readPlannedBlocks(body: Record<string, unknown>) {
  return respondOffline(body as unknown as OfflineRequest).content.map((block) =>
    block.type === "tool_use" ? { type: block.type, name: block.name, input: block.input } : block,
  );
}

describe("lesson forced-tool-choice: tool_choice naming a tool makes the model call it", () => {
  it.each(["en", "zh"] as const)(
    "answers in text under auto, calls get_weather when forced (%s)",
    { timeout: 30_000 },
    async (lang) => {
      const { events } = await runLesson("forced-tool-choice", { lang });
      const requests = only(events, "request.assembled");
      expect(requests.map((e) => [e.turn, e.body.tool_choice])).toEqual([
        [1, { type: "auto" }],
        [2, { type: "tool", name: "get_weather" }],
        [3, { type: "tool", name: "get_weather" }],
      ]);
      const turns = only(events, "turn.completed");
      expect(
        turns.map((e) => [
          e.stopReason.unified,
          e.unified.content.flatMap((b) =>
            b.type === "toolCall" ? [{ name: b.name, arguments: b.arguments }] : [],
          ),
        ]),
      ).toEqual([
        ["end_turn", []],
        ["tool_use", [{ name: "get_weather", arguments: { city: "Paris" } }]],
        ["end_turn", []],
      ]);
      const texts = only(events, "user.message").map((e) => e.text);
      expect(texts[0]).toBe(texts[1]);

      const [configured] = only(events, "session.configured");
      expect(configured!.changes).toEqual({
        provider: {
          before: { kind: "offline", toolChoice: "auto" },
          after: { kind: "offline", toolChoice: { name: "get_weather" } },
        },
      });
      const [result] = only(events, "tool.result");
      expect(result).toMatchObject({ name: "get_weather", isError: false });
      expect(JSON.parse(result!.content)).toMatchObject({ city: "Paris", country: "FR" });

      // In English the script changes nothing: the offline model alone answers the same way.
      if (lang === "en")
        for (const [request, turn] of [
          [requests[0]!, turns[0]!],
          [requests[1]!, turns[1]!],
        ] as const)
          expect(readPlannedBlocks(request.body)).toEqual(
            turn.unified.content.map((b) =>
              b.type === "toolCall" ? { type: "tool_use", name: b.name, input: b.arguments } : b,
            ),
          );

      expect(locateSteps(events, forcedToolChoiceLesson.steps)).toEqual([
        requests[0]!.seq,
        turns[0]!.seq,
        configured!.seq,
        requests[1]!.seq,
        turns[1]!.seq,
        requests[2]!.seq,
      ]);
    },
  );
});

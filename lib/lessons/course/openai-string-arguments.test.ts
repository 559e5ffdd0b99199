import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { BROKEN_ARGUMENTS, openaiStringArgumentsLesson } from "./openai-string-arguments";

const JSON_ERROR =
  'The arguments are not valid JSON: unexpected "}" at position 36 (line 1, column 37), near ": \\"celsius\\",}".';
const WEATHER =
  '{"city":"Paris","country":"FR","temperature":18,"unit":"celsius","condition":"partly cloudy","humidity_percent":62,"wind_kph":14}';

describe("lesson openai-string-arguments: an arguments string that does not parse, then the corrected call", () => {
  it(
    "stops the broken call at prepare with the exact position, then runs the corrected one",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("openai-string-arguments");

      const [first, second] = only(events, "turn.completed");
      expect(first!.format).toBe("openai-chat");
      expect(first!.stopReason).toEqual({ unified: "tool_use", raw: "tool_calls" });
      const brokenCall = first!.unified.content.find((block) => block.type === "toolCall");
      expect(brokenCall).toEqual({
        type: "toolCall",
        id: expect.stringMatching(/^call_/),
        name: "get_weather",
        arguments: null,
        rawArguments: BROKEN_ARGUMENTS,
      });
      const brokenId = brokenCall!.type === "toolCall" ? brokenCall!.id : "";
      const brokenStages = only(events, "tool.stage").filter((e) => e.callId === brokenId);
      expect(brokenStages.map((e) => `${e.stage} ${e.status}`)).toEqual([
        "lookup running",
        "lookup ok",
        "prepare running",
        "prepare error",
        "normalize running",
        "normalize ok",
      ]);
      expect(brokenStages[2]!.input).toBe(BROKEN_ARGUMENTS);
      expect(brokenStages[3]!.output).toBe(JSON_ERROR);

      const results = only(events, "tool.result");
      expect(
        results.map(({ callId, content, isError, errorKind, hint }) => ({
          callId,
          content,
          isError,
          errorKind,
          hint,
        })),
      ).toEqual([
        {
          callId: brokenId,
          content: `${JSON_ERROR} Nothing ran.`,
          isError: true,
          errorKind: "invalid_arguments",
          hint: "Resend the call with arguments that are one valid JSON object.",
        },
        {
          callId: expect.stringMatching(/^call_/),
          content: WEATHER,
          isError: false,
          errorKind: undefined,
          hint: undefined,
        },
      ]);

      const corrected = second!.unified.content.find((block) => block.type === "toolCall");
      expect(corrected).toMatchObject({ arguments: { city: "Paris", unit: "celsius" } });
      const secondRequest = only(events, "request.assembled")[1]!.body as { messages: unknown[] };
      expect(secondRequest.messages.at(-1)).toEqual({
        role: "tool",
        tool_call_id: brokenId,
        content: `${JSON_ERROR} Nothing ran.`,
      });
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", syntheticResults: [] });
      expect(locateSteps(events, openaiStringArgumentsLesson.steps)).not.toContain(null);
    },
  );
});

/**
 * `tool_choice` from the session's provider config reaches the offline model in each wire
 * format, and the model honours it: a forced tool is called even when the message names none.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ToolChoice } from "@/lib/trace/config";
import { only, openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-tool-choice-");
});
afterEach(() => test.close());

describe.each(["anthropic", "openai-chat", "openai-responses"] as const)(
  "tool_choice on the %s wire",
  (wire) => {
    const run = async (toolChoice: ToolChoice, text: string) => {
      const events = await test.send(test.create({ kind: "offline", wire, toolChoice }), text);
      return only(events, "tool.result").map((result) => result.name);
    };

    it("{ name } calls that tool although the message does not match it", async () => {
      expect(await run({ name: "get_weather" }, "Hello there!")).toEqual(["get_weather"]);
    });

    it("any calls the best tool although none scores; none calls no tool although one matches", async () => {
      expect(await run("any", "Hello there!")).toEqual(["read_file"]);
      expect(await run("none", "What is in notes/todo.md?")).toEqual([]);
    });
  },
);

import { describe, expect, test } from "vitest";
import { alignRuns, groupBySide, sideOfChatMessage, sideOfResponsesItem } from "./align-formats";

/** A read_file run in three shapes: text, a call and its result, then the answer. */
const ANTHROPIC = [
  { role: "user", content: "What is in notes/todo.md?" },
  { role: "assistant", content: [{ type: "text" }, { type: "tool_use" }] },
  { role: "user", content: [{ type: "tool_result" }] },
  { role: "assistant", content: [{ type: "text" }] },
];
const CHAT = [
  { role: "system" },
  { role: "user" },
  { role: "assistant" },
  { role: "tool" },
  { role: "tool" },
  { role: "assistant" },
];
const RESPONSES = [
  { type: "message", role: "user" },
  { type: "reasoning" },
  { type: "message", role: "assistant" },
  { type: "function_call" },
  { type: "function_call_output" },
  { type: "function_call_output" },
  { type: "message", role: "assistant" },
];

describe("the side-by-side view lines the shapes up by runs of one side", () => {
  test("consecutive entries of one side share a run", () => {
    const runs = groupBySide(RESPONSES, sideOfResponsesItem);
    expect(runs.map((run) => [run.side, run.entries.length])).toEqual([
      ["user", 1],
      ["assistant", 3],
      ["user", 2],
      ["assistant", 1],
    ]);
  });

  test("the system runs make the first row; then the n-th run of every shape is one row", () => {
    const rows = alignRuns<object>({
      anthropic: groupBySide(ANTHROPIC, sideOfChatMessage),
      "openai-chat": groupBySide(CHAT, sideOfChatMessage),
      "openai-responses": groupBySide(RESPONSES, sideOfResponsesItem),
    });
    expect(rows.map((row) => row.side)).toEqual(["system", "user", "assistant", "user", "assistant"]);
    expect(Object.keys(rows[0]!.cells)).toEqual(["openai-chat"]);
    expect(rows[3]!.cells["openai-chat"]?.entries).toEqual([{ role: "tool" }, { role: "tool" }]);
    expect(rows[3]!.cells.anthropic?.entries).toEqual([ANTHROPIC[2]]);
    expect(rows[2]!.cells["openai-responses"]?.entries).toHaveLength(3);
  });

  test("a shorter shape leaves its later cells empty", () => {
    const rows = alignRuns({
      anthropic: groupBySide(ANTHROPIC, sideOfChatMessage),
      unified: groupBySide(ANTHROPIC.slice(0, 2), sideOfChatMessage),
    });
    expect(rows.map((row) => Object.keys(row.cells))).toEqual([
      ["anthropic", "unified"],
      ["anthropic", "unified"],
      ["anthropic"],
      ["anthropic"],
    ]);
  });

  test("developer messages are the system's; an item without a role is the user's", () => {
    expect(sideOfChatMessage({ role: "developer" })).toBe("system");
    expect(sideOfResponsesItem({ type: "message" })).toBe("user");
  });
});

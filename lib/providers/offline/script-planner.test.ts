import { describe, expect, it } from "vitest";
import { createPlannerContext } from "./respond";
import { buildScriptView, createScriptPlanner } from "./script-planner";
import type { ScriptView } from "./script-types";
import type { OfflineRequest } from "./types";

/** A request after one tool call whose result came back, plus `more` messages. */
function createRequest(more: OfflineRequest["messages"] = []): OfflineRequest {
  return {
    model: "offline-1",
    max_tokens: 1024,
    messages: [
      { role: "user", content: "Read notes/todo.md" },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "t1", name: "read_file", input: { path: "notes/todo.md" } } as never,
        ],
      },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "t1", content: "# Todo", is_error: true } as never],
      },
      ...more,
    ],
  };
}

const context = createPlannerContext();
const text = (value: string) => ({ blocks: [{ type: "text" as const, text: value }] });

describe("buildScriptView", () => {
  it("counts assistant messages, keeps the last user text and the last turn's results", () => {
    const view = buildScriptView(createRequest());
    expect(view.turn).toBe(1);
    expect(view.userText).toBe("Read notes/todo.md");
    expect(view.results).toEqual([
      {
        toolUseId: "t1",
        toolName: "read_file",
        input: { path: "notes/todo.md" },
        content: "# Todo",
        isError: true,
      },
    ]);
  });

  it("has no results on a turn opened by the user's text", () => {
    const view = buildScriptView(
      createRequest([
        { role: "assistant", content: "Done." },
        { role: "user", content: "And ideas?" },
      ]),
    );
    expect([view.turn, view.userText, view.results]).toEqual([2, "And ideas?", []]);
  });
});

describe("createScriptPlanner", () => {
  it("answers with script[turn], passing the view", () => {
    const seen: ScriptView[] = [];
    const planner = createScriptPlanner({
      script: [
        () => text("zero"),
        (view) => {
          seen.push(view);
          return text("one");
        },
      ],
    });
    expect(planner(createRequest(), context)).toEqual(text("one"));
    expect(seen.map((view) => view.turn)).toEqual([1]);
  });

  it("passes (null) on a null turn, a turn that returns null, and past the script's end", () => {
    const request = createRequest();
    expect(createScriptPlanner({ script: [null, null] })(request, context)).toBeNull();
    expect(createScriptPlanner({ script: [null, () => null] })(request, context)).toBeNull();
    expect(createScriptPlanner({ script: [() => text("zero")] })(request, context)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { diffRequests, isJsonEqual, readSection } from "./request-diff";

const tools = [{ name: "read_file", input_schema: { type: "object" } }];
const user = { role: "user", content: [{ type: "text", text: "What is in notes/todo.md?" }] };
const call = {
  role: "assistant",
  content: [{ type: "tool_use", id: "toolu_1", name: "read_file", input: {} }],
};
const result = {
  role: "user",
  content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "# Todo" }],
};

const turn1 = { model: "m", max_tokens: 10, tools, system: "Be brief.", messages: [user] };
const turn2 = { model: "m", max_tokens: 10, tools, system: "Be brief.", messages: [user, call, result] };

const statuses = (diff: ReturnType<typeof diffRequests>) => diff.sections.map((s) => [s.name, s.status]);

describe("diffRequests", () => {
  it("marks every present section added on the first request, with no stable prefix", () => {
    const diff = diffRequests(null, turn1);
    expect(statuses(diff)).toEqual([
      ["tools", "added"],
      ["system", "added"],
      ["messages", "added"],
    ]);
    expect(diff.stablePrefix).toEqual([]);
    expect(diff.addedMessages).toBe(1);
    expect(diff.sections.map((s) => s.count)).toEqual([1, null, 1]);
  });

  it("keeps tools and system as the stable prefix when only messages were appended", () => {
    const diff = diffRequests(turn1, turn2);
    expect(statuses(diff)).toEqual([
      ["tools", "unchanged"],
      ["system", "unchanged"],
      ["messages", "changed"],
    ]);
    expect(diff.stablePrefix).toEqual(["tools", "system"]);
    expect(diff.addedMessages).toBe(2);
    expect(diff.sections[2]?.value).toEqual([user, call, result]);
  });

  it("ends the stable prefix at an edited tool list", () => {
    const edited = { ...turn2, tools: [{ ...tools[0], description: "Reads a file." }] };
    const diff = diffRequests(turn1, edited);
    expect(statuses(diff)).toEqual([
      ["tools", "changed"],
      ["system", "unchanged"],
      ["messages", "changed"],
    ]);
    expect(diff.stablePrefix).toEqual([]);
  });

  it("ends the stable prefix at an edited system prompt", () => {
    const diff = diffRequests(turn1, { ...turn2, system: "Be thorough." });
    expect(diff.stablePrefix).toEqual(["tools"]);
    expect(diff.sections[1]?.status).toBe("changed");
  });

  it("reports sections that appear or disappear", () => {
    const noSystem = { tools, messages: [user] };
    expect(statuses(diffRequests(noSystem, turn1))).toEqual([
      ["tools", "unchanged"],
      ["system", "added"],
      ["messages", "unchanged"],
    ]);
    const diff = diffRequests(turn1, noSystem);
    expect(statuses(diff)).toEqual([
      ["tools", "unchanged"],
      ["system", "removed"],
      ["messages", "unchanged"],
    ]);
    expect(diff.stablePrefix).toEqual(["tools"]);
    expect(diff.addedMessages).toBe(0);
  });

  it("treats a section absent from both requests as unchanged", () => {
    const diff = diffRequests({ messages: [user] }, { messages: [user, call] });
    expect(diff.stablePrefix).toEqual(["tools", "system"]);
    expect(diff.sections.map((s) => s.count)).toEqual([null, null, 2]);
    expect(diff.addedMessages).toBe(1);
  });

  it("counts messages after the shared start when earlier messages were edited", () => {
    const editedUser = { role: "user", content: [{ type: "text", text: "Other" }] };
    const diff = diffRequests(turn2, { ...turn2, messages: [user, editedUser] });
    expect(diff.addedMessages).toBe(1);
    expect(diff.sections[2]?.status).toBe("changed");
  });

  it("reads the Responses shape's instructions and input", () => {
    const before = {
      tools,
      instructions: "Be brief.",
      input: [{ type: "message", role: "user", content: "Hi" }],
    };
    const after = {
      ...before,
      input: [...before.input, { type: "function_call", call_id: "c1", name: "x", arguments: "{}" }],
    };
    const diff = diffRequests(before, after);
    expect(diff.stablePrefix).toEqual(["tools", "system"]);
    expect(diff.addedMessages).toBe(1);
  });
});

describe("isJsonEqual and readSection", () => {
  it("ignores key order and undefined keys, not array order", () => {
    expect(isJsonEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1, c: undefined })).toBe(true);
    expect(isJsonEqual([1, 2], [2, 1])).toBe(false);
    expect(isJsonEqual({ a: null }, { a: 0 })).toBe(false);
    expect(isJsonEqual([], {})).toBe(false);
  });

  it("prefers system over instructions and messages over input", () => {
    expect(readSection({ system: "s", instructions: "i" }, "system")).toBe("s");
    expect(readSection({ input: [] }, "messages")).toEqual([]);
    expect(readSection({}, "tools")).toBe(undefined);
  });
});

import { describe, expect, it } from "vitest";
import { checkRequest } from "./request-doctor";

const user = { role: "user", content: [{ type: "text", text: "What is in notes.md?" }] };
const call = { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "Read", input: {} }] };
const result = { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "hi" }] };

describe("checkRequest", () => {
  it("a well-paired Anthropic request has no problems; Claude Code's system messages are not turns", () => {
    const system = { role: "system", content: "You are Claude Code." };
    const check = checkRequest({ format: "anthropic", body: { messages: [system, user, call, result] } });
    expect(check).toEqual({ ok: true, problems: [], messages: 3 });
  });

  it("flags a call the request does not answer, naming a format that rejects it", () => {
    const check = checkRequest({ format: "anthropic", body: { messages: [user, call, user] } });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    const rules = check.problems.map((problem) => problem.rule);
    expect(rules).toContain("result-missing");
    const missing = check.problems.find((problem) => problem.rule === "result-missing")!;
    expect(missing.severity).toBe("error");
    expect(missing.rejectedBy).toContain("anthropic");
  });

  it("reads OpenAI chat and Responses requests in their own shapes", () => {
    const chat = checkRequest({
      format: "openai-chat",
      body: {
        messages: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "hi" },
          {
            role: "assistant",
            content: null,
            tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
          },
          { role: "tool", tool_call_id: "c1", content: "ok" },
        ],
      },
    });
    expect(chat).toEqual({ ok: true, problems: [], messages: 3 });
    const orphan = checkRequest({
      format: "openai-responses",
      body: {
        input: [
          { type: "message", role: "user", content: "hi" },
          { type: "function_call_output", call_id: "x", output: "" },
        ],
      },
    });
    expect(orphan.ok && orphan.problems.map((problem) => problem.rule)).toContain("result-orphan");
    expect(checkRequest({ format: "openai-responses", body: { input: "hi" } })).toEqual({
      ok: true,
      problems: [],
      messages: 1,
    });
  });

  it("a body without messages cannot be checked, and says why", () => {
    expect(checkRequest({ format: "anthropic", body: {} })).toEqual({
      ok: false,
      reason: "no messages array",
    });
    expect(checkRequest({ format: "openai-responses", body: {} })).toEqual({ ok: false, reason: "no input" });
  });
});

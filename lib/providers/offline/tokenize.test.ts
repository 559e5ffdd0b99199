import { describe, expect, test } from "vitest";
import { parseOfflineRequest } from "./parse-request";
import { isPathLike, matchWord, tokenizeMessage } from "./tokenize";

describe("tokenizeMessage", () => {
  test("pulls quotes (with their labels), URLs, e-mails, paths and numbers out before the words", () => {
    const tokens = tokenizeMessage(
      `It's late: write body "a/b.md" and 'x' to notes/todo.md, mail bob@example.com, see https://e.com/x. Add 3 and -2.5`,
    );
    expect(tokens.quoted).toEqual([
      { value: "a/b.md", label: "body" },
      { value: "x", label: "and" },
    ]);
    expect(tokens.paths).toEqual(["notes/todo.md"]);
    expect(tokens.emails).toEqual(["bob@example.com"]);
    expect(tokens.urls).toEqual(["https://e.com/x"]);
    expect(tokens.numbers).toEqual([
      { value: 3, integer: true },
      { value: -2.5, integer: false },
    ]);
    expect(tokens.words).toEqual(["late", "write", "body", "mail", "see", "add"]);
  });

  test("path-like means a slash or a short file extension, not an abbreviation or a number", () => {
    expect(["notes/", "src/a.ts", "README.md", ".env", "a-b_c.json"].map(isPathLike)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["e.g", "3.14", "hello", "/", "v1.2.3"].map(isPathLike)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  test("light stemming matches plurals and -ing forms only when a stem of 3+ letters is left", () => {
    expect(matchWord("files", "file")).toBe(true);
    expect(matchWord("reading", "read")).toBe(true);
    expect(matchWord("boxes", "box")).toBe(true);
    expect(matchWord("bus", "bu")).toBe(false);
    expect(matchWord("list", "lists")).toBe(true);
  });
});

describe("parseOfflineRequest", () => {
  const valid = { model: "m", max_tokens: 10, messages: [{ role: "user", content: "hi" }] };

  test.each([
    [null, "The request body must be a JSON object."],
    [{ ...valid, model: "" }, "model: Field required"],
    [{ ...valid, max_tokens: 1.5 }, "max_tokens: Input should be a positive integer"],
    [
      { ...valid, messages: [{ role: "tool", content: "x" }] },
      "messages.0.role: Input should be 'user' or 'assistant'",
    ],
    [
      { ...valid, messages: [{ role: "user", content: [{}] }] },
      "messages.0.content.0: each block needs a string `type`",
    ],
    [
      { ...valid, tools: [{ name: "a", input_schema: [] }] },
      "tools.0.input_schema: Input should be an object",
    ],
    [
      { ...valid, tool_choice: { type: "tool", name: "nope" } },
      "tool_choice.name: no tool named 'nope' in tools",
    ],
  ])("rejects %j", (body, message) => {
    expect(parseOfflineRequest(body)).toEqual({ ok: false, message });
  });

  test("accepts a minimal body as is", () => {
    expect(parseOfflineRequest(valid)).toEqual({ ok: true, request: valid });
  });
});

import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it } from "vitest";
import { estimateRequestTokens } from "./tokens";

/** The library's own count, with its defaults: what the estimate has always recorded. */
const reference = new Tiktoken(o200k);
const count = (text: string) => reference.encode(text).length;

const TEXTS = [
  "",
  "request 5",
  '[{"role":"user","content":"Hello from e2e"}]',
  "Grüße, 世界! 🙂 — tabs\tand\nnewlines\r\n  spaced   out",
  "lorem ipsum ".repeat(200),
  JSON.stringify({ type: "object", properties: { path: { type: "string", description: "A file" } } }),
  "<|endofprompt is not a special token",
];

describe("estimateRequestTokens", () => {
  it.each(TEXTS)("counts %j as the library's default encoding does", (text) => {
    const estimate = estimateRequestTokens({ tools: undefined, system: text, messages: undefined });
    expect(estimate.system).toBe(text === "" ? 0 : count(text));
  });

  it("counts each section, JSON for a value and the string itself for a string", () => {
    const messages = [{ role: "user", content: "What is in notes.txt?" }];
    const tools = [{ name: "read_file", input_schema: { type: "object" } }];
    const estimate = estimateRequestTokens({ tools, system: "Be brief.", messages });
    expect(estimate).toEqual({
      tools: count(JSON.stringify(tools)),
      system: count("Be brief."),
      messages: count(JSON.stringify(messages)),
      total: count(JSON.stringify(tools)) + count("Be brief.") + count(JSON.stringify(messages)),
      tokenizer: "o200k_base (estimate)",
    });
  });

  it("still refuses a text holding a special token, as the library's default does", () => {
    const text = "before <|endoftext|> after";
    expect(() => count(text)).toThrow(/special token/);
    expect(() => estimateRequestTokens({ tools: undefined, system: text, messages: undefined })).toThrow(
      /special token/,
    );
  });
});

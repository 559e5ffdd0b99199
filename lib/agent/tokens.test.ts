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
  "a  b   c\n\n  d\t\te  ",
  "   leading and trailing   ",
  "\n\n\n",
  "a\r\n\r\nb",
  "don't I'LL we've 12345678 3.14159 x__y CamelCaseWord",
  JSON.stringify({ a: "b", c: [1, 2, 3], d: { e: null } }, null, 2),
  "supercalifragilisticexpialidocious".repeat(4),
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

  it("counts a conversation sent again, and again with more, as the library does", () => {
    const history = Array.from({ length: 30 }, (_, index) => ({
      role: index % 2 ? "assistant" : "user",
      content: `Turn ${index}: read src/file_${index}.ts and fix the failing test — “quoted” ünïcödé 🙂`,
    }));
    for (const length of [10, 20, 30, 30]) {
      const messages = history.slice(0, length);
      expect(estimateRequestTokens({ tools: undefined, system: undefined, messages }).messages).toBe(
        count(JSON.stringify(messages)),
      );
    }
  });

  it("counts 500 random texts of spaces, line breaks, letters, digits, marks and emoji as the library does", () => {
    const alphabet = [
      " ",
      "  ",
      "\n",
      "\r\n",
      "\t",
      "a",
      "Z",
      "é",
      "ß",
      "世",
      "7",
      "42",
      "'s",
      "'LL",
      ".",
      ",",
      "{",
      '"',
      "—",
      "🙂",
      "x_y",
    ];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let run = 0; run < 500; run++) {
      const text = Array.from({ length: 1 + (next() % 40) }, () => alphabet[next() % alphabet.length]).join(
        "",
      );
      const estimate = estimateRequestTokens({ tools: undefined, system: text, messages: undefined });
      expect(estimate.system, JSON.stringify(text)).toBe(count(text));
    }
  });

  it("counts a special token's text as ordinary text, as a provider reads a user's message", () => {
    const text = "before <|endoftext|> after <|endofprompt|>";
    expect(() => count(text)).toThrow(/special token/);
    const estimate = estimateRequestTokens({ tools: undefined, system: text, messages: [text] });
    expect(estimate.system).toBe(reference.encode(text, [], []).length);
    expect(estimate.messages).toBe(reference.encode(JSON.stringify([text]), [], []).length);
  });
});

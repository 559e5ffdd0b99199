import { describe, expect, it } from "vitest";
import {
  estimateCacheUse,
  MIN_CACHEABLE_TOKENS,
  OPENAI_CACHE_STEP,
  readPromptPrefix,
  type PrefixUnit,
} from "@/lib/trace/prompt-cache";

/** A text of about `tokens` tokens (a quarter of the characters, as the units count). */
const filler = (tokens: number, seed = "x") => seed.repeat(tokens * 4);
const MARK = { cache_control: { type: "ephemeral" } };

function unit(key: string, tokens: number, breakpoint = false): PrefixUnit {
  return { key, tokens, breakpoint };
}

describe("readPromptPrefix", () => {
  it("cuts a request into tools, system blocks and messages, in sending order", () => {
    const units = readPromptPrefix({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
      system: [
        { type: "text", text: "a" },
        { type: "text", text: "b", ...MARK },
      ],
      tools: [{ name: "t", input_schema: {} }],
    });
    expect(units.map((item) => item.breakpoint)).toEqual([false, false, true, false]);
    expect(new Set(units.map((item) => item.key)).size).toBe(4);
    expect(units.every((item) => item.tokens >= 1)).toBe(true);
  });

  it("ignores key order and cache markers, so moving a breakpoint keeps the key", () => {
    const [a] = readPromptPrefix({
      messages: [{ role: "user", content: [{ type: "text", text: "q", ...MARK }] }],
    });
    const [b] = readPromptPrefix({ messages: [{ content: [{ text: "q", type: "text" }], role: "user" }] });
    expect(a!.key).toBe(b!.key);
    expect(a!.breakpoint).toBe(true);
    expect(b!.breakpoint).toBe(false);
  });

  it("tells the same content in another section apart", () => {
    const [system] = readPromptPrefix({ system: "same" });
    const [message] = readPromptPrefix({ messages: ["same"] });
    expect(system!.key).not.toBe(message!.key);
  });

  it("reads OpenAI bodies: instructions and input items", () => {
    const units = readPromptPrefix({ instructions: "be brief", input: [{ role: "user", content: "hi" }] });
    expect(units).toHaveLength(2);
  });

  it("counts a quarter of the canonical characters", () => {
    const [only] = readPromptPrefix({ system: filler(300) });
    expect(only!.tokens).toBe(Math.ceil(JSON.stringify(filler(300)).length / 4));
  });
});

describe("estimateCacheUse, Anthropic", () => {
  const big = [unit("tools", 800), unit("system", 400, true), unit("m1", 100), unit("m2", 100, true)];

  it("caches nothing without a breakpoint", () => {
    const plain = big.map((item) => ({ ...item, breakpoint: false }));
    expect(estimateCacheUse("anthropic", plain, plain)).toEqual({ readTokens: 0, creationTokens: 0 });
  });

  it("writes up to the last breakpoint on a session's first request", () => {
    expect(estimateCacheUse("anthropic", big, null)).toEqual({ readTokens: 0, creationTokens: 1400 });
  });

  it("reads the longest entry the previous request wrote, and writes the rest up to the last breakpoint", () => {
    const previous = [unit("tools", 800), unit("system", 400, true), unit("m1", 100, true)];
    const current = [unit("tools", 800), unit("system", 400), unit("m1", 100), unit("m2", 100, true)];
    expect(estimateCacheUse("anthropic", current, previous)).toEqual({
      readTokens: 1300,
      creationTokens: 100,
    });
  });

  it("falls back to an earlier entry when the prefix broke after it", () => {
    const previous = [unit("tools", 800), unit("system", 400, true), unit("m1", 100, true)];
    const current = [unit("tools", 800), unit("system", 400), unit("m1-edited", 100), unit("m2", 100, true)];
    expect(estimateCacheUse("anthropic", current, previous)).toEqual({
      readTokens: 1200,
      creationTokens: 200,
    });
  });

  it("reads nothing when the prefix broke before any entry (a tool changed)", () => {
    const previous = [unit("tools", 800), unit("system", 400, true)];
    const current = [unit("tools-changed", 800), unit("system", 400, true)];
    expect(estimateCacheUse("anthropic", current, previous)).toEqual({ readTokens: 0, creationTokens: 1200 });
  });

  it("reads no further than this request's own last breakpoint", () => {
    const previous = [unit("a", 1100, true), unit("b", 500, true)];
    const current = [unit("a", 1100, true), unit("b", 500)];
    expect(estimateCacheUse("anthropic", current, previous)).toEqual({ readTokens: 1100, creationTokens: 0 });
  });

  it("caches nothing below the minimum", () => {
    const small = [unit("s", MIN_CACHEABLE_TOKENS - 1, true)];
    expect(estimateCacheUse("anthropic", small, small)).toEqual({ readTokens: 0, creationTokens: 0 });
  });

  it("writes the whole prefix again when the entry read would be below the minimum", () => {
    const previous = [unit("a", 500, true), unit("b", 600)];
    const current = [unit("a", 500, true), unit("b", 600, true)];
    expect(estimateCacheUse("anthropic", current, previous)).toEqual({ readTokens: 0, creationTokens: 1100 });
  });
});

describe("estimateCacheUse, OpenAI", () => {
  it("reads nothing on a session's first request", () => {
    expect(estimateCacheUse("openai-chat", [unit("a", 5000)], null)).toEqual({
      readTokens: 0,
      creationTokens: 0,
    });
  });

  it("reads the shared prefix in steps of 128 past 1024, for both OpenAI formats", () => {
    const previous = [unit("a", 1000), unit("b", 300), unit("c", 50)];
    const current = [unit("a", 1000), unit("b", 300), unit("d", 50)];
    const expected = MIN_CACHEABLE_TOKENS + 2 * OPENAI_CACHE_STEP;
    expect(estimateCacheUse("openai-chat", current, previous)).toEqual({
      readTokens: expected,
      creationTokens: 0,
    });
    expect(estimateCacheUse("openai-responses", current, previous)).toEqual({
      readTokens: expected,
      creationTokens: 0,
    });
  });

  it("reads nothing below 1024 shared tokens, breakpoints or not", () => {
    const previous = [unit("a", 1000, true), unit("b", 300)];
    const current = [unit("a", 1000, true), unit("c", 300)];
    expect(estimateCacheUse("openai-chat", current, previous)).toEqual({ readTokens: 0, creationTokens: 0 });
  });
});

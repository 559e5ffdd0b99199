/**
 * The offline upstream's prompt-cache counters (lib/trace/prompt-cache.ts), as the official SDKs
 * parse them: Anthropic's `cache_creation_input_tokens` / `cache_read_input_tokens` from its
 * `cache_control` breakpoints, OpenAI's `cached_tokens` from the shared prefix (≥ 1024 tokens),
 * streamed and not; the recorded turns carry them, beside the context diff's prefix break.
 */
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CAPTURE_TOKEN, startCaptureServer, type CaptureServer } from "@/lib/server/testing/capture-server";
import { projectContextDiffs } from "@/lib/trace/context-diff";
import { readPromptPrefix } from "@/lib/trace/prompt-cache";

/** A system prompt of about 1,500 tokens: past the minimum a cache holds. */
const LONG_SYSTEM = `You are a careful assistant. ${"Follow the house rules in every answer. ".repeat(150)}`;
const MARK = { type: "ephemeral" as const };

let server: CaptureServer;
beforeEach(async () => {
  server = await startCaptureServer();
}, 60_000);
afterEach(async () => {
  await server.close();
}, 60_000);

function sessionEvents() {
  const [session] = server.runtime.store.listSessions().filter((row) => row.source === "capture");
  return server.runtime.store.events(session!.id);
}

function tokensOf(body: Record<string, unknown>, units: number): number {
  return readPromptPrefix(body)
    .slice(0, units)
    .reduce((sum, unit) => sum + unit.tokens, 0);
}

describe("the offline upstream's prompt cache", { timeout: 60_000 }, () => {
  it("writes, then reads, Anthropic's breakpoints, streamed and not, as the SDK parses them", async () => {
    const anthropic = new Anthropic({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/anthropic`,
      maxRetries: 0,
    });
    const system = [{ type: "text" as const, text: LONG_SYSTEM, cache_control: MARK }];
    const question: Anthropic.MessageParam = { role: "user", content: "Hello there" };
    const firstBody = { model: "m", max_tokens: 256, system, messages: [question] };
    const first = await anthropic.messages.create(firstBody);
    const systemTokens = tokensOf(firstBody, 1);
    expect(systemTokens).toBeGreaterThan(1024);
    expect(first.usage).toMatchObject({
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: systemTokens,
    });
    const secondBody = {
      model: "m",
      max_tokens: 256,
      system,
      messages: [
        question,
        { role: "assistant" as const, content: first.content },
        {
          role: "user" as const,
          content: [{ type: "text" as const, text: "And then?", cache_control: MARK }],
        },
      ],
    };
    const second = await anthropic.messages.stream(secondBody).finalMessage();
    const all = tokensOf(secondBody, 4);
    expect(second.usage.cache_read_input_tokens).toBe(systemTokens);
    expect(second.usage.cache_creation_input_tokens).toBe(all - systemTokens);
    const contexts = projectContextDiffs(sessionEvents());
    expect(contexts.map((context) => context.cache?.cachedTokens)).toEqual([0, systemTokens]);
    expect(contexts[1]!.diff.prefixBreak).toBeNull();
  });

  it("reads nothing after the system prompt changed", async () => {
    const anthropic = new Anthropic({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/anthropic`,
      maxRetries: 0,
    });
    const headers = { "x-toolscope-session": "changed-system" };
    const ask = (text: string) =>
      anthropic.messages.create(
        {
          model: "m",
          max_tokens: 64,
          system: [{ type: "text", text, cache_control: MARK }],
          messages: [{ role: "user", content: "Hi" }],
        },
        { headers },
      );
    await ask(LONG_SYSTEM);
    const changed = await ask(`${LONG_SYSTEM} Today is Tuesday.`);
    expect(changed.usage.cache_read_input_tokens).toBe(0);
    expect(changed.usage.cache_creation_input_tokens).toBeGreaterThan(1024);
  });

  it("reports Chat's cached_tokens for a shared prefix of 1024 tokens or more, streamed and not", async () => {
    const openai = new OpenAI({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/openai/v1`,
      maxRetries: 0,
    });
    const system: OpenAI.Chat.ChatCompletionMessageParam = { role: "system", content: LONG_SYSTEM };
    const first = await openai.chat.completions.create({
      model: "m",
      messages: [system, { role: "user", content: "Hello there" }],
    });
    expect(first.usage?.prompt_tokens_details?.cached_tokens).toBe(0);
    const stream = await openai.chat.completions.create({
      model: "m",
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        system,
        { role: "user", content: "Hello there" },
        first.choices[0]!.message,
        { role: "user", content: "More" },
      ],
    });
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) usage = chunk.usage ?? usage;
    const cached = usage?.prompt_tokens_details?.cached_tokens ?? 0;
    expect(cached).toBeGreaterThanOrEqual(1024);
    expect((cached - 1024) % 128).toBe(0);
    expect(cached).toBeLessThanOrEqual(usage!.prompt_tokens);
    const contexts = projectContextDiffs(sessionEvents());
    expect(contexts[1]!.cache).toMatchObject({ cachedTokens: cached, field: "cached_tokens" });
  });

  it("reports Responses' input_tokens_details.cached_tokens", async () => {
    const openai = new OpenAI({
      apiKey: CAPTURE_TOKEN,
      baseURL: `${server.origin}/capture/openai/v1`,
      maxRetries: 0,
    });
    const first = await openai.responses.create({
      model: "m",
      instructions: LONG_SYSTEM,
      input: "Hello there",
    });
    expect(first.usage?.input_tokens_details.cached_tokens).toBe(0);
    const second = await openai.responses.create({
      model: "m",
      instructions: LONG_SYSTEM,
      input: [
        { role: "user", content: "Hello there" },
        ...first.output.flatMap((item) => (item.type === "message" ? [item] : [])),
        { role: "user", content: "More" },
      ],
    });
    expect(second.usage?.input_tokens_details.cached_tokens).toBeGreaterThanOrEqual(1024);
  });
});

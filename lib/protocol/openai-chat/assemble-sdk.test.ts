/**
 * Differential test: our fold equals the official SDK's own accumulator (`openai` 6.30.1,
 * `chat.completions.stream().finalChatCompletion()`) on the same bytes, for every chat stream
 * fixture.
 *
 * What the SDK adds: `choices[].message.parsed` (always `null` without a `response_format`), and,
 * when the request declares the called tool with `strict: true`, `function.parsed_arguments` on
 * each tool call (the arguments parsed). Both are helper fields of the SDK, not on the wire; the
 * app reads the raw `arguments` string and parses it itself (convert.ts), so the comparison drops
 * them and checks their values apart.
 */
import OpenAI from "openai";
import type { ChatCompletionCreateParamsBase } from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { assembleOpenAIChatStream } from "@/lib/protocol/openai-chat/assemble";
import { decodeSse } from "@/lib/protocol/sse";
import { createSseFetch, listStreamFixtures, readFixtureBytes } from "@/lib/protocol/testing/fixtures";

type Json = Record<string, unknown>;

async function assembleWithSdk(
  bytes: Uint8Array,
  tools?: ChatCompletionCreateParamsBase["tools"],
): Promise<Json> {
  const client = new OpenAI({ apiKey: "x", maxRetries: 0, fetch: createSseFetch(bytes) });
  const stream = client.chat.completions.stream({
    model: "m",
    messages: [{ role: "user", content: "hi" }],
    ...(tools ? { tools } : {}),
  });
  // Through JSON: getters evaluated, undefined fields dropped.
  return JSON.parse(JSON.stringify(await stream.finalChatCompletion())) as Json;
}

/** The SDK's helper fields, removed: `message.parsed` and `function.parsed_arguments`. */
function dropSdkHelpers(completion: Json): {
  completion: Json;
  parsed: unknown[];
  parsedArguments: unknown[];
} {
  const parsed: unknown[] = [];
  const parsedArguments: unknown[] = [];
  const choices = (completion.choices as Json[]).map((choice) => {
    const { parsed: value, ...message } = choice.message as Json;
    parsed.push(value);
    const toolCalls = (message.tool_calls as Json[] | undefined)?.map((call) => {
      const { parsed_arguments: args, ...fn } = call.function as Json;
      parsedArguments.push(args);
      return { ...call, function: fn };
    });
    return { ...choice, message: toolCalls ? { ...message, tool_calls: toolCalls } : message };
  });
  return { completion: { ...completion, choices }, parsed, parsedArguments };
}

function assembleOurs(bytes: Uint8Array): Json {
  const { events } = decodeSse(new TextDecoder().decode(bytes));
  const assembly = assembleOpenAIChatStream(events);
  expect(assembly.done).toBe(true);
  return JSON.parse(JSON.stringify(assembly.completion)) as Json;
}

describe("chat stream assembly agrees with the openai SDK's ChatCompletionStream", () => {
  const fixtures = listStreamFixtures("openai-chat-");

  it.each(fixtures)("%s: identical completions, apart from the SDK's `parsed: null`", async (name) => {
    const bytes = readFixtureBytes(name);
    const sdk = dropSdkHelpers(await assembleWithSdk(bytes));
    expect(assembleOurs(bytes)).toEqual(sdk.completion);
    expect(sdk.parsed).toEqual([null]);
    expect(sdk.parsedArguments.every((value) => value === undefined)).toBe(true);
  });

  it("with the strict tool declared, the SDK adds parsed_arguments; the rest is still identical", async () => {
    const bytes = readFixtureBytes("openai-chat-stream-tool-call.sse");
    const tool = {
      type: "function" as const,
      function: {
        name: "get_weather",
        parameters: { type: "object", properties: { city: { type: "string" }, state: { type: "string" } } },
        strict: true,
      },
    };
    const sdk = dropSdkHelpers(await assembleWithSdk(bytes, [tool]));
    expect(assembleOurs(bytes)).toEqual(sdk.completion);
    expect(sdk.parsedArguments).toEqual([{ city: "San Francisco", state: "CA" }]);
  });

  it("a stream cut before finish_reason: the SDK throws, we keep what arrived", async () => {
    const text = new TextDecoder().decode(readFixtureBytes("openai-chat-stream-tool-call.sse"));
    const cut = new TextEncoder().encode(text.split("\n\n").slice(0, 6).join("\n\n") + "\n\n");
    await expect(assembleWithSdk(cut)).rejects.toThrow("missing finish_reason for choice 0");
    const { events } = decodeSse(new TextDecoder().decode(cut));
    const assembly = assembleOpenAIChatStream(events);
    expect(assembly.done).toBe(false);
    expect(assembly.completion!.choices[0]!.finish_reason).toBeNull();
    expect(assembly.partialJson).toEqual({ 0: '{"city":"San Francisco' });
  });
});

/**
 * Differential test on real recorded streams (`fixtures/recorded/openai-chat/`: OpenAI, Azure
 * and OpenAI-compatible servers): our fold equals the `openai` SDK's `ChatCompletionStream`
 * (6.30.1, `finalChatCompletion()`) on the same bytes, apart from the SDK's helper fields
 * (`message.parsed`, `function.parsed_arguments`), which are not on the wire.
 */
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { assembleOpenAIChatStream } from "@/lib/protocol/openai-chat/assemble";
import { decodeSse } from "@/lib/protocol/sse";
import { createSseFetch } from "@/lib/protocol/testing/fixtures";
import { readRecordedSse, readRecordingManifest } from "@/lib/protocol/testing/recorded";

type Json = Record<string, unknown>;

const manifest = readRecordingManifest();
const recordings = Object.keys(manifest).filter((name) => manifest[name]!.wire === "openai-chat");

async function assembleWithSdk(bytes: Uint8Array): Promise<{ completion: Json } | { error: string }> {
  const client = new OpenAI({ apiKey: "x", maxRetries: 0, fetch: createSseFetch(bytes) });
  const stream = client.chat.completions.stream({ model: "m", messages: [{ role: "user", content: "hi" }] });
  try {
    return { completion: JSON.parse(JSON.stringify(await stream.finalChatCompletion())) as Json };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The completion without the SDK's helper fields; every one of them must be empty. */
function dropSdkHelpers(completion: Json): Json {
  const choices = (completion.choices as Json[]).map((choice) => {
    const { parsed, ...message } = choice.message as Json;
    expect(parsed).toBeNull();
    const toolCalls = (message.tool_calls as Json[] | undefined)?.map((call) => {
      const { parsed_arguments: parsedArguments, ...fn } = call.function as Json;
      expect(parsedArguments).toBeUndefined();
      return { ...call, function: fn };
    });
    return { ...choice, message: toolCalls ? { ...message, tool_calls: toolCalls } : message };
  });
  return { ...completion, choices };
}

describe("recorded chat streams assemble as the SDK's ChatCompletionStream does", () => {
  it("has at least 10 recordings", () => {
    expect(recordings.length).toBeGreaterThanOrEqual(10);
  });

  it.each(recordings)("%s", async (name) => {
    const entry = manifest[name]!;
    const bytes = readRecordedSse(name, entry);
    const sdk = await assembleWithSdk(bytes);
    const ours = assembleOpenAIChatStream(decodeSse(new TextDecoder().decode(bytes)).events);
    if ("error" in sdk) {
      expect(entry.sdk?.behaviour).toBe(sdk.error);
      expect(ours.error).toBeDefined();
      return;
    }
    expect(entry.sdk).toBeUndefined();
    expect(ours.error).toBeUndefined();
    expect(ours.done).toBe(true);
    expect(JSON.parse(JSON.stringify(ours.completion)) as Json).toEqual(dropSdkHelpers(sdk.completion));
  });
});

import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { assembleOpenAIChatStream } from "@/lib/protocol/openai-chat/assemble";
import { decodeSse } from "@/lib/protocol/sse";
import { createSseFetch, readFixtureText } from "@/lib/protocol/testing/fixtures";
import { encodeMessageAsChatChunks, toChatCompletion } from "./chat-sse";
import { serializeSse } from "./sse";
import type { OfflineMessage } from "./types";

const MESSAGE: OfflineMessage = {
  id: "msg_offline_000000000000000000000001",
  type: "message",
  role: "assistant",
  model: "offline-1",
  content: [
    { type: "text", text: "I'll check the weather in Paris and Rome." },
    {
      type: "tool_use",
      id: "toolu_offline_a",
      name: "get_weather",
      input: { city: "Paris", unit: "celsius" },
    },
    { type: "tool_use", id: "toolu_offline_b", name: "get_weather", input: { city: "Rome" } },
  ],
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: { input_tokens: 40, output_tokens: 12 },
};
const CONTEXT = { created: 1_700_000_000 };

type Json = Record<string, unknown>;
const parse = (data: string) => JSON.parse(data) as Json;
const listKeys = (value: unknown) => Object.keys(value as Json);

describe("encodeMessageAsChatChunks speaks Chat Completions as the recordings do", () => {
  const events = encodeMessageAsChatChunks(MESSAGE, CONTEXT);
  const recorded = decodeSse(readFixtureText("openai-chat-stream-parallel-tools.sse")).events;

  it("sends data: lines only, chunks with the recorded keys, a finish chunk, a usage chunk, then [DONE]", () => {
    expect(events.every((event) => event.event === null)).toBe(true);
    expect(events.at(-1)).toEqual({ event: null, data: "[DONE]" });
    const chunks = events.slice(0, -1).map((event) => parse(event.data));
    const recordedChunks = recorded.slice(0, -1).map((event) => parse(event.data));
    expect(chunks.map(listKeys)).toEqual(
      chunks
        .map(() => listKeys(recordedChunks[0]))
        .slice(0, -1)
        .concat([listKeys(recordedChunks.at(-1))]),
    );
    expect(listKeys((chunks[0]!.choices as Json[])[0])).toEqual(
      listKeys((recordedChunks[0]!.choices as Json[])[0]),
    );
    expect((chunks[0]!.choices as Json[])[0]!.delta).toEqual({ role: "assistant", content: null });
    expect(chunks.at(-2)!.choices).toEqual([
      { index: 0, delta: {}, logprobs: null, finish_reason: "tool_calls" },
    ]);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 },
    });
  });

  it("gives a call's id, type and name only in its first chunk, then its arguments in pieces", () => {
    const calls = events
      .slice(0, -1)
      .flatMap(
        (event) =>
          (((parse(event.data).choices as Json[])[0]?.delta as Json | undefined)?.tool_calls as
            Json[] | undefined) ?? [],
      );
    const firsts = calls.filter((call) => "id" in call);
    expect(firsts).toEqual([
      { index: 0, id: "call_offline_a", type: "function", function: { name: "get_weather", arguments: "" } },
      { index: 1, id: "call_offline_b", type: "function", function: { name: "get_weather", arguments: "" } },
    ]);
    const pieces = (index: number) =>
      calls
        .filter((call) => call.index === index && !("id" in call))
        .map((call) => (call.function as Json).arguments);
    expect(pieces(0).length).toBeGreaterThan(1);
    expect(pieces(0).join("")).toBe('{"city":"Paris","unit":"celsius"}');
    expect(pieces(1).join("")).toBe('{"city":"Rome"}');
  });

  it("joins a reply's first tool call to the opening chunk, as the recording does", () => {
    const toolOnly = { ...MESSAGE, content: MESSAGE.content.slice(1, 2) };
    const first = (parse(encodeMessageAsChatChunks(toolOnly, CONTEXT)[0]!.data).choices as Json[])[0]!.delta;
    expect(listKeys(first)).toEqual(["role", "content", "tool_calls", "refusal"]);
    const single = decodeSse(readFixtureText("openai-chat-stream-tool-call.sse")).events;
    expect(listKeys(first)).toEqual(listKeys((parse(single[0]!.data).choices as Json[])[0]!.delta));
  });

  it("assembles, in the SDK and in our fold, to exactly toChatCompletion", async () => {
    const bytes = new TextEncoder().encode(serializeSse(events));
    const client = new OpenAI({ apiKey: "x", maxRetries: 0, fetch: createSseFetch(bytes) });
    const final = await client.chat.completions.stream({ model: "m", messages: [] }).finalChatCompletion();
    const { parsed, ...message } = final.choices[0]!.message;
    expect(parsed).toBeNull();
    const expected = toChatCompletion(MESSAGE, CONTEXT);
    expect({ ...final, choices: [{ ...final.choices[0], message }] }).toEqual(expected);
    expect(assembleOpenAIChatStream(events).completion).toEqual(expected);
  });
});

import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { assembleOpenAIResponsesStream } from "@/lib/protocol/openai-responses/assemble";
import { decodeSse } from "@/lib/protocol/sse";
import { createSseFetch, readFixtureText } from "@/lib/protocol/testing/fixtures";
import { encodeMessageAsResponsesEvents, toResponse } from "./responses-sse";
import { serializeSse } from "./sse";
import type { OfflineMessage } from "./types";

const MESSAGE: OfflineMessage = {
  id: "msg_offline_000000000000000000000002",
  type: "message",
  role: "assistant",
  model: "offline-1",
  content: [
    { type: "text", text: 'I\'ll use get_weather with city "San Francisco, CA".' },
    { type: "tool_use", id: "toolu_offline_c", name: "get_weather", input: { city: "San Francisco, CA" } },
  ],
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: { input_tokens: 74, output_tokens: 20 },
};
const CONTEXT = {
  created: 1_700_000_000,
  echo: { instructions: "Be brief.", tools: [], tool_choice: "auto", parallel_tool_calls: true },
};

type Json = Record<string, unknown>;
const parse = (data: string) => JSON.parse(data) as Json;

describe("encodeMessageAsResponsesEvents speaks the Responses stream as the recording does", () => {
  const events = encodeMessageAsResponsesEvents(MESSAGE, CONTEXT);
  const recorded = decodeSse(readFixtureText("openai-responses-stream-function-call.sse")).events;

  it("names each event after its type, numbers them from 0, and goes created → items → completed", () => {
    expect(events.map((e) => e.event)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      ...Array(4).fill("response.output_text.delta"),
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.output_item.added",
      ...Array(3).fill("response.function_call_arguments.delta"),
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(events.map((e) => parse(e.data).sequence_number)).toEqual(events.map((_, i) => i));
    expect(events.every((e) => parse(e.data).type === e.event)).toBe(true);
  });

  it("writes the function call's events with the recording's keys, its arguments in pieces", () => {
    const keysByName = (list: typeof events) =>
      new Map(
        list
          .filter((e) => e.event !== "response.output_text.delta")
          .map((e) => [e.event, Object.keys(parse(e.data))]),
      );
    const ours = keysByName(
      events.filter((e) => !e.event?.includes("content_part") && !e.event?.includes("output_text")),
    );
    const theirs = keysByName(recorded);
    for (const name of [
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
    ])
      expect(ours.get(name)?.filter((key) => key !== "obfuscation")).toEqual(
        theirs.get(name)?.filter((key) => key !== "obfuscation"),
      );
    const added = events
      .filter((e) => e.event === "response.output_item.added")
      .map((e) => parse(e.data).item);
    expect(added[1]).toEqual({
      id: "fc_offline_c",
      type: "function_call",
      status: "in_progress",
      arguments: "",
      call_id: "call_offline_c",
      name: "get_weather",
    });
    const pieces = events
      .filter((e) => e.event === "response.function_call_arguments.delta")
      .map((e) => parse(e.data).delta);
    expect(pieces.join("")).toBe('{"city":"San Francisco, CA"}');
  });

  it("assembles, in the SDK and in our fold, to exactly the completed response", async () => {
    const bytes = new TextEncoder().encode(serializeSse(events));
    const client = new OpenAI({ apiKey: "x", maxRetries: 0, fetch: createSseFetch(bytes) });
    const final = (await client.responses
      .stream({ model: "m", input: "hi" })
      .finalResponse()) as unknown as Json;
    const expected = toResponse(MESSAGE, CONTEXT, true);
    const { output_parsed: parsed, output, ...rest } = JSON.parse(JSON.stringify(final)) as Json;
    expect(parsed).toBeNull();
    // The SDK's helper fields (`output_parsed`, `parsed` on text parts, `parsed_arguments`) are not on the wire.
    const dropParsed = ({ parsed: _parsed, ...part }: Json) => part;
    const items = (output as Json[]).map(({ parsed_arguments: _args, ...item }) =>
      Array.isArray(item.content) ? { ...item, content: (item.content as Json[]).map(dropParsed) } : item,
    );
    expect({ ...rest, output: items }).toEqual(expected);
    const ours = assembleOpenAIResponsesStream(events);
    expect([ours.done, ours.response]).toEqual([true, expected]);
    expect(ours.partialJson).toEqual({ 1: '{"city":"San Francisco, CA"}' });
  });
});

import { describe, expect, it } from "vitest";
import { assembleAnthropicStream } from "@/lib/protocol/anthropic/assemble";
import {
  anthropicMessagesToUnified,
  anthropicMessageToUnified,
  unifiedToAnthropicMessages,
} from "@/lib/protocol/anthropic/convert";
import type {
  AnthropicContentBlock,
  AnthropicMessage,
  AnthropicMessageParam,
} from "@/lib/protocol/anthropic/types";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import { readAnthropicFixtureEvents, readFixtureJson } from "@/lib/protocol/testing/fixtures";

/** What the unified form does not carry: a tool_use's `caller`; string content becomes a text block. */
function normalizeForRoundTrip(messages: AnthropicMessageParam[]): AnthropicMessageParam[] {
  return messages.map((message) => ({
    role: message.role,
    content:
      typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : message.content.map((block: AnthropicContentBlock) => {
            const { caller: _caller, ...rest } = block as Record<string, unknown> & { type: string };
            return rest;
          }),
  }));
}

const RESPONSES = [
  "anthropic-response-tool-use.json",
  "anthropic-response-parallel-tool-use.json",
  "anthropic-response-after-tool-error.json",
  "anthropic-response-after-parallel-tools.json",
];
const REQUESTS = [
  "anthropic-request-tool-use.json",
  "anthropic-request-tool-result-is-error.json",
  "anthropic-request-parallel-tool-use.json",
  "anthropic-request-parallel-tool-results.json",
  "anthropic-request-tool-use-stream.json",
  "anthropic-request-tool-result-stream.json",
];

describe("anthropicMessageToUnified", () => {
  it("turns the parallel tool-use response into text + two toolCalls with stringified inputs", () => {
    const message = readFixtureJson<AnthropicMessage>("anthropic-response-parallel-tool-use.json");
    expect(anthropicMessageToUnified(message)).toEqual({
      role: "assistant",
      content: [
        {
          type: "text",
          text: "I'll use the test_tool twice as requested - first with count 1, then with count 2.",
        },
        {
          type: "toolCall",
          id: "toolu_01L8GVQapA1HmggQcrwboukH",
          name: "test_tool",
          arguments: { count: 1 },
          rawArguments: '{"count":1}',
        },
        {
          type: "toolCall",
          id: "toolu_01J5Fvzxu7DP1Uh59c1kr5JD",
          name: "test_tool",
          arguments: { count: 2 },
          rawArguments: '{"count":2}',
        },
      ],
    });
  });

  it("keeps the raw arguments as streamed when given the assembly's partialJson", () => {
    const assembly = assembleAnthropicStream(
      readAnthropicFixtureEvents("anthropic-stream-tool-use-padded.sse").events,
    );
    expect(anthropicMessageToUnified(assembly.message!, assembly.partialJson).content).toEqual([
      {
        type: "toolCall",
        id: "toolu_018acGYLtfR52q9yDbWaEdQZ",
        name: "get_weather",
        arguments: { location: "San Francisco, CA", units: "f" },
        rawArguments: '{"location": "San Francisco, CA", "units": "f"}',
      },
    ]);
  });

  it("gives arguments null, and the raw text, for a tool call cut off mid-JSON", () => {
    const assembly = assembleAnthropicStream(
      readAnthropicFixtureEvents("anthropic-stream-fine-grained-max-tokens.sse").events,
    );
    const call = anthropicMessageToUnified(assembly.message!, assembly.partialJson).content[1];
    expect(call).toEqual({
      type: "toolCall",
      id: "toolu_01EKqbqmZrGRXy18eN7m9kvY",
      name: "make_file",
      arguments: null,
      rawArguments: assembly.partialJson[1],
    });
  });

  it("converts thinking and keeps unknown blocks raw", () => {
    const unknown = { type: "server_tool_use", id: "s", name: "web_search", input: { query: "q" } };
    const message = {
      content: [
        { type: "thinking", thinking: "t", signature: "s" },
        { type: "redacted_thinking", data: "d" },
        unknown,
      ],
    };
    expect(anthropicMessageToUnified(message).content).toEqual([
      { type: "thinking", thinking: "t", signature: "s" },
      { type: "redacted_thinking", data: "d" },
      { type: "unknown", raw: unknown },
    ]);
  });
});

describe("round trips through the unified form", () => {
  it.each(RESPONSES)("%s: response content → unified → Anthropic is unchanged (caller aside)", (name) => {
    const message = readFixtureJson<AnthropicMessage>(name);
    const [back] = unifiedToAnthropicMessages([anthropicMessageToUnified(message)]);
    expect(back).toEqual(normalizeForRoundTrip([{ role: "assistant", content: message.content }])[0]);
  });

  it.each(REQUESTS)("%s: request messages → unified → Anthropic is unchanged (caller aside)", (name) => {
    const { messages } = readFixtureJson<{ messages: AnthropicMessageParam[] }>(name);
    expect(unifiedToAnthropicMessages(anthropicMessagesToUnified(messages))).toEqual(
      normalizeForRoundTrip(messages),
    );
  });

  it("unified → Anthropic → unified is unchanged for every block type, except what Anthropic cannot carry", () => {
    const transcript: UnifiedMessage[] = [
      { role: "user", content: [{ type: "text", text: "hi" }] },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "t", signature: "sig" },
          { type: "redacted_thinking", data: "d" },
          { type: "text", text: "calling" },
          { type: "toolCall", id: "a", name: "f", arguments: { x: 1 }, rawArguments: '{"x":1}' },
          { type: "toolCall", id: "b", name: "g", arguments: null, rawArguments: '{"x":' },
          { type: "unknown", raw: { type: "server_tool_use", id: "s", name: "web_search", input: {} } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "toolResult", toolCallId: "a", content: "ok", isError: false },
          {
            type: "toolResult",
            toolCallId: "b",
            content: "bad JSON",
            isError: true,
            errorKind: "invalid_arguments",
          },
        ],
      },
    ];
    const anthropic = unifiedToAnthropicMessages(transcript);
    expect(anthropic[1]!.content[4]).toEqual({ type: "tool_use", id: "b", name: "g", input: {} });
    expect(anthropic[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "a", content: "ok" },
      { type: "tool_result", tool_use_id: "b", content: "bad JSON", is_error: true },
    ]);
    const back = anthropicMessagesToUnified(anthropic);
    // The unparsed call is sent as {}, and errorKind is Toolscope's own: both are lost on the way.
    const expected = structuredClone(transcript);
    expected[1]!.content[4] = { type: "toolCall", id: "b", name: "g", arguments: {}, rawArguments: "{}" };
    delete (expected[2]!.content[1] as { errorKind?: string }).errorKind;
    expect(back).toEqual(expected);
  });

  it("joins a tool_result's text parts and names the others", () => {
    const [message] = anthropicMessagesToUnified([
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "a",
            content: [
              { type: "text", text: "one" },
              { type: "image", source: {} },
              { type: "text", text: "two" },
            ],
          },
        ],
      },
    ]);
    expect(message!.content).toEqual([
      { type: "toolResult", toolCallId: "a", content: "one\n[image]\ntwo", isError: false },
    ]);
  });
});

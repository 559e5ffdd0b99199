import { describe, expect, it } from "vitest";
import { assembleOpenAIChatStream } from "@/lib/protocol/openai-chat/assemble";
import {
  buildOpenAIChatRequest,
  openAIChatMessagesToUnified,
  openAIChatMessageToUnified,
  toolsFromOpenAIChat,
  unifiedToOpenAIChatMessages,
} from "@/lib/protocol/openai-chat/convert";
import type {
  OpenAIChatCompletion,
  OpenAIChatMessageParam,
  OpenAIChatTool,
} from "@/lib/protocol/openai-chat/types";
import { decodeSse } from "@/lib/protocol/sse";
import { readFixtureJson, readFixtureText } from "@/lib/protocol/testing/fixtures";
import type { UnifiedMessage } from "@/lib/protocol/unified";

interface RecordedRequest {
  model: string;
  messages: OpenAIChatMessageParam[];
  tools: OpenAIChatTool[];
}

const REQUESTS = ["openai-chat-request-parallel-tools.json", "openai-chat-request-tool-results.json"];
const RESPONSES = ["openai-chat-response-parallel-tools.json", "openai-chat-response-after-tools.json"];

describe("openAIChatMessageToUnified", () => {
  it("turns the parallel tool_calls response into two toolCalls with parsed and raw arguments", () => {
    const response = readFixtureJson<OpenAIChatCompletion>("openai-chat-response-parallel-tools.json");
    expect(openAIChatMessageToUnified(response.choices[0]!.message)).toEqual({
      role: "assistant",
      content: [
        {
          type: "toolCall",
          id: "call_SKQEHo7QVlJRoCtEzcrYZM9C",
          name: "get_weather_for_city",
          arguments: { city_name: "Santiago" },
          rawArguments: '{"city_name": "Santiago"}',
        },
        {
          type: "toolCall",
          id: "call_CkjljlLr7IebPc4hnvetfiZ8",
          name: "get_weather_for_city",
          arguments: { city_name: "Karachi" },
          rawArguments: '{"city_name": "Karachi"}',
        },
      ],
    });
  });

  it("turns a text answer into one text block", () => {
    const response = readFixtureJson<OpenAIChatCompletion>("openai-chat-response-after-tools.json");
    expect(openAIChatMessageToUnified(response.choices[0]!.message)).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "The current weather is as follows:\n- Santiago: Rainy\n- Karachi: Sunny" },
      ],
    });
  });

  it("converts a streamed assembly, keeping the raw strings exactly as streamed", () => {
    const assembly = assembleOpenAIChatStream(
      decodeSse(readFixtureText("openai-chat-stream-parallel-tools.sse")).events,
    );
    const unified = openAIChatMessageToUnified(assembly.completion!.choices[0]!.message);
    expect(unified.content.map((block) => (block.type === "toolCall" ? block.rawArguments : null))).toEqual([
      assembly.partialJson[0],
      assembly.partialJson[1],
    ]);
    expect(unified.content[1]).toMatchObject({ arguments: { ticker: "AAPL", exchange: "NASDAQ" } });
  });

  it("keeps arguments that do not parse as null, with their raw text, and a refusal as an unknown block", () => {
    const message = {
      content: null,
      refusal: "I can't help with that.",
      tool_calls: [
        { id: "call_1", type: "function" as const, function: { name: "f", arguments: '{"a": ' } },
        { id: "call_2", type: "function" as const, function: { name: "g", arguments: "" } },
      ],
    };
    expect(openAIChatMessageToUnified(message).content).toEqual([
      { type: "unknown", raw: { type: "refusal", refusal: "I can't help with that." } },
      { type: "toolCall", id: "call_1", name: "f", arguments: null, rawArguments: '{"a": ' },
      { type: "toolCall", id: "call_2", name: "g", arguments: {}, rawArguments: "" },
    ]);
  });
});

describe("openAIChatMessagesToUnified", () => {
  it("puts the tool messages into one user message of toolResults, in order", () => {
    const request = readFixtureJson<RecordedRequest>("openai-chat-request-tool-results.json");
    const { system, messages } = openAIChatMessagesToUnified(request.messages);
    expect(system).toBeUndefined();
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(messages[2]!.content).toEqual([
      { type: "toolResult", toolCallId: "call_SKQEHo7QVlJRoCtEzcrYZM9C", content: "rainy", isError: false },
      { type: "toolResult", toolCallId: "call_CkjljlLr7IebPc4hnvetfiZ8", content: "sunny", isError: false },
    ]);
  });

  it("takes system and developer messages as the system prompt and joins a user message to the results before it", () => {
    const { system, messages } = openAIChatMessagesToUnified([
      { role: "system", content: "Be brief." },
      { role: "developer", content: [{ type: "text", text: "Use tools." }] },
      { role: "user", content: "hi" },
      {
        role: "assistant",
        tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "c1", content: [{ type: "text", text: "ok" }] },
      {
        role: "user",
        content: [
          { type: "text", text: "and?" },
          { type: "image_url", image_url: { url: "u" } },
        ],
      },
    ]);
    expect(system).toBe("Be brief.\n\nUse tools.");
    expect(messages[2]).toEqual({
      role: "user",
      content: [
        { type: "toolResult", toolCallId: "c1", content: "ok", isError: false },
        { type: "text", text: "and?" },
        { type: "unknown", raw: { type: "image_url", image_url: { url: "u" } } },
      ],
    });
  });
});

describe("round trips on the recorded requests", () => {
  it.each(REQUESTS)(
    "%s: unified → body reproduces the recorded request exactly (stream: false added)",
    (name) => {
      const request = readFixtureJson<RecordedRequest>(name);
      const { system, messages } = openAIChatMessagesToUnified(request.messages);
      const body = buildOpenAIChatRequest({
        model: request.model,
        system,
        tools: toolsFromOpenAIChat(request.tools),
        messages,
      });
      expect(body).toEqual({ ...request, stream: false });
    },
  );

  it("the recorded response, converted and sent back, is the assistant message of the follow-up request", () => {
    const response = readFixtureJson<OpenAIChatCompletion>("openai-chat-response-parallel-tools.json");
    const followUp = readFixtureJson<RecordedRequest>("openai-chat-request-tool-results.json");
    const assistant = openAIChatMessageToUnified(response.choices[0]!.message);
    expect(unifiedToOpenAIChatMessages([assistant])).toEqual([followUp.messages[1]]);
  });

  it.each(RESPONSES)("%s: response → unified → request message → unified is stable", (name) => {
    const unified = openAIChatMessageToUnified(
      readFixtureJson<OpenAIChatCompletion>(name).choices[0]!.message,
    );
    expect(openAIChatMessagesToUnified(unifiedToOpenAIChatMessages([unified])).messages).toEqual([unified]);
  });
});

describe("unifiedToOpenAIChatMessages", () => {
  const call = (id: string) => ({
    type: "toolCall" as const,
    id,
    name: "f",
    arguments: {},
    rawArguments: "{}",
  });
  const result = (id: string) => ({
    type: "toolResult" as const,
    toolCallId: id,
    content: id,
    isError: true,
  });

  it("sends tool results in call order before the user's text, and leaves out what Chat cannot carry", () => {
    const messages: UnifiedMessage[] = [
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "hm", signature: "s" },
          { type: "text", text: "Two calls." },
          call("a"),
          call("b"),
        ],
      },
      { role: "user", content: [result("b"), result("a"), { type: "text", text: "thanks" }] },
    ];
    expect(unifiedToOpenAIChatMessages(messages, "sys")).toEqual([
      { role: "system", content: "sys" },
      {
        role: "assistant",
        content: "Two calls.",
        tool_calls: [
          { id: "a", type: "function", function: { name: "f", arguments: "{}" } },
          { id: "b", type: "function", function: { name: "f", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "a", content: "a" },
      { role: "tool", tool_call_id: "b", content: "b" },
      { role: "user", content: "thanks" },
    ]);
  });

  it("sends unparsed raw arguments as they are, stringifies a call without raw text, keeps refusals and several texts", () => {
    const messages: UnifiedMessage[] = [
      {
        role: "assistant",
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
          { type: "unknown", raw: { type: "refusal", refusal: "no" } },
          { type: "toolCall", id: "x", name: "f", arguments: null, rawArguments: '{"a": ' },
          { type: "toolCall", id: "y", name: "f", arguments: { k: 1 }, rawArguments: "" },
        ],
      },
      { role: "assistant", content: [] },
    ];
    expect(unifiedToOpenAIChatMessages(messages)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
        refusal: "no",
        tool_calls: [
          { id: "x", type: "function", function: { name: "f", arguments: '{"a": ' } },
          { id: "y", type: "function", function: { name: "f", arguments: '{"k":1}' } },
        ],
      },
      { role: "assistant", content: "" },
    ]);
  });
});

describe("buildOpenAIChatRequest", () => {
  const tools = [{ name: "t", description: "d", input_schema: { type: "object" }, strict: true }];
  const messages: UnifiedMessage[] = [{ role: "user", content: [{ type: "text", text: "hi" }] }];

  it("writes model, stream, stream_options, tools, tool_choice, parallel_tool_calls, messages in that order", () => {
    const body = buildOpenAIChatRequest({
      model: "m",
      system: "s",
      tools,
      messages,
      toolChoice: "any",
      parallelToolCalls: false,
      stream: true,
    });
    expect(Object.keys(body)).toEqual([
      "model",
      "stream",
      "stream_options",
      "tools",
      "tool_choice",
      "parallel_tool_calls",
      "messages",
    ]);
    expect(body).toEqual({
      model: "m",
      stream: true,
      stream_options: { include_usage: true },
      tools: [
        {
          type: "function",
          function: { name: "t", description: "d", parameters: { type: "object" }, strict: true },
        },
      ],
      tool_choice: "required",
      parallel_tool_calls: false,
      messages: [
        { role: "system", content: "s" },
        { role: "user", content: "hi" },
      ],
    });
  });

  it("leaves out tools, tool_choice and parallel_tool_calls without tools, and stream_options when not streaming", () => {
    expect(
      buildOpenAIChatRequest({
        model: "m",
        tools: [],
        messages,
        toolChoice: { name: "t" },
        parallelToolCalls: true,
        maxTokens: 5,
      }),
    ).toEqual({
      model: "m",
      stream: false,
      max_completion_tokens: 5,
      messages: [{ role: "user", content: "hi" }],
    });
  });
});

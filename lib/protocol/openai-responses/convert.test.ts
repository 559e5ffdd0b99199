import { describe, expect, it } from "vitest";
import { assembleOpenAIResponsesStream } from "@/lib/protocol/openai-responses/assemble";
import {
  buildOpenAIResponsesRequest,
  openAIResponsesInputToUnified,
  openAIResponseToUnified,
  toolsFromOpenAIResponses,
  unifiedToOpenAIResponsesInput,
  type OpenAIResponsesItemLike,
} from "@/lib/protocol/openai-responses/convert";
import type { OpenAIResponse, OpenAIResponsesTool } from "@/lib/protocol/openai-responses/types";
import { decodeSse } from "@/lib/protocol/sse";
import { readFixtureJson, readFixtureText } from "@/lib/protocol/testing/fixtures";
import type { UnifiedMessage } from "@/lib/protocol/unified";

interface RecordedRequest {
  model: string;
  tools: OpenAIResponsesTool[];
  input: OpenAIResponsesItemLike[];
  stream?: boolean;
  previous_response_id?: string;
}

const QUESTION = "What should I wear for the weather in San Francisco, CA?";
const CALL = {
  type: "toolCall" as const,
  id: "call_S2X9KuEJpYvFcF4hgv1XwM0j",
  name: "get_weather_at_location",
  arguments: { location: "San Francisco, CA" },
  rawArguments: '{"location":"San Francisco, CA"}',
};

describe("openAIResponseToUnified", () => {
  it("turns the function_call output into a toolCall keyed by call_id", () => {
    const response = readFixtureJson<OpenAIResponse>("openai-responses-response-function-call.json");
    expect(openAIResponseToUnified(response)).toEqual({ role: "assistant", content: [CALL] });
  });

  it("turns a message's output_text into text", () => {
    const response = readFixtureJson<OpenAIResponse>("openai-responses-response-after-function-call.json");
    const unified = openAIResponseToUnified(response);
    expect(unified.content).toHaveLength(1);
    expect(unified.content[0]).toMatchObject({ type: "text" });
    expect(
      (unified.content[0] as { text: string }).text.startsWith("The weather in San Francisco is currently"),
    ).toBe(true);
  });

  it("converts the streamed assembly with the raw arguments as streamed", () => {
    const assembly = assembleOpenAIResponsesStream(
      decodeSse(readFixtureText("openai-responses-stream-function-call.sse")).events,
    );
    expect(openAIResponseToUnified(assembly.response!).content).toEqual([
      { ...CALL, id: "call_0UFGPwrziw5rbinYp7rthrTb", rawArguments: assembly.partialJson[0] },
    ]);
  });

  it("keeps refusals, reasoning and unparseable arguments", () => {
    const reasoning = { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "e" };
    const refusal = { type: "refusal", refusal: "No." };
    const output = [
      reasoning,
      { type: "message", id: "m", role: "assistant" as const, status: "completed", content: [refusal] },
      { type: "function_call", call_id: "c", name: "f", arguments: "{" },
    ];
    expect(openAIResponseToUnified({ output }).content).toEqual([
      { type: "unknown", raw: reasoning },
      { type: "unknown", raw: refusal },
      { type: "toolCall", id: "c", name: "f", arguments: null, rawArguments: "{" },
    ]);
  });
});

describe("round trips on the recorded requests", () => {
  it.each(["openai-responses-request-function-call.json", "openai-responses-request-stream.json"])(
    "%s: unified → body reproduces the recorded request exactly",
    (name) => {
      const request = readFixtureJson<RecordedRequest>(name);
      const { system, messages } = openAIResponsesInputToUnified(request.input);
      expect(system).toBeUndefined();
      expect(messages).toEqual([{ role: "user", content: [{ type: "text", text: QUESTION }] }]);
      const tools = toolsFromOpenAIResponses(request.tools);
      const body = buildOpenAIResponsesRequest({
        model: request.model,
        tools,
        messages,
        stream: request.stream === true,
      });
      expect(body).toEqual({ ...request, stream: request.stream === true });
    },
  );

  it("the function_call_output request: everything but previous_response_id, which the unified form does not carry", () => {
    const { previous_response_id: previous, ...request } = readFixtureJson<RecordedRequest>(
      "openai-responses-request-function-call-output.json",
    );
    expect(previous).toMatch(/^resp_/);
    const { messages } = openAIResponsesInputToUnified(request.input);
    expect(messages).toEqual([
      {
        role: "user",
        content: [
          { type: "toolResult", toolCallId: CALL.id, content: "22 celcius and windy", isError: false },
        ],
      },
    ]);
    const body = buildOpenAIResponsesRequest({
      model: request.model,
      tools: toolsFromOpenAIResponses(request.tools),
      messages,
    });
    expect(body).toEqual({ ...request, stream: false });
  });

  it("the whole recorded exchange as one stateless input: question, call, output", () => {
    const first = readFixtureJson<RecordedRequest>("openai-responses-request-function-call.json");
    const response = readFixtureJson<OpenAIResponse>("openai-responses-response-function-call.json");
    const followUp = readFixtureJson<RecordedRequest>("openai-responses-request-function-call-output.json");
    const items = [...first.input, ...response.output, ...followUp.input];
    const { messages } = openAIResponsesInputToUnified(items);
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    const { id: _id, status: _status, ...call } = response.output[0]!;
    expect(unifiedToOpenAIResponsesInput(messages)).toEqual([first.input[0], call, followUp.input[0]]);
  });
});

describe("openAIResponsesInputToUnified", () => {
  it("reads instructions, system and developer messages, easy messages and a string input", () => {
    expect(openAIResponsesInputToUnified("hi", "Be brief.")).toEqual({
      system: "Be brief.",
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    });
    const { system, messages } = openAIResponsesInputToUnified([
      { role: "developer", content: "Use tools." },
      { role: "user", content: "hi" },
      {
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "Calling.", annotations: [] }],
      },
      { type: "function_call", call_id: "a", name: "f", arguments: "{}" },
      { type: "function_call", call_id: "b", name: "f", arguments: "{}" },
      { type: "function_call_output", call_id: "a", output: "A" },
      { type: "function_call_output", call_id: "b", output: [{ type: "input_text", text: "B" }] },
      { role: "user", content: [{ type: "input_text", text: "more" }] },
    ]);
    expect(system).toBe("Use tools.");
    expect(messages).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Calling." },
          { type: "toolCall", id: "a", name: "f", arguments: {}, rawArguments: "{}" },
          { type: "toolCall", id: "b", name: "f", arguments: {}, rawArguments: "{}" },
        ],
      },
      {
        role: "user",
        content: [
          { type: "toolResult", toolCallId: "a", content: "A", isError: false },
          { type: "toolResult", toolCallId: "b", content: "B", isError: false },
          { type: "text", text: "more" },
        ],
      },
    ]);
  });
});

describe("unifiedToOpenAIResponsesInput", () => {
  it("writes items in call order, refusals as text, reasoning as it came, and leaves out thinking", () => {
    const call = (id: string) => ({
      type: "toolCall" as const,
      id,
      name: "f",
      arguments: null,
      rawArguments: "{",
    });
    const messages: UnifiedMessage[] = [
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "t", signature: "s" },
          { type: "unknown", raw: { type: "reasoning", id: "rs", summary: [], status: "completed" } },
          { type: "unknown", raw: { type: "refusal", refusal: "No." } },
          { type: "text", text: "ok" },
          call("a"),
          call("b"),
        ],
      },
      {
        role: "user",
        content: [
          { type: "toolResult", toolCallId: "b", content: "B", isError: true },
          { type: "toolResult", toolCallId: "a", content: "A", isError: false },
        ],
      },
    ];
    expect(unifiedToOpenAIResponsesInput(messages)).toEqual([
      { type: "reasoning", id: "rs", summary: [] },
      { type: "message", role: "assistant", content: "No." },
      { type: "message", role: "assistant", content: "ok" },
      { type: "function_call", call_id: "a", name: "f", arguments: "{" },
      { type: "function_call", call_id: "b", name: "f", arguments: "{" },
      { type: "function_call_output", call_id: "a", output: "A" },
      { type: "function_call_output", call_id: "b", output: "B" },
    ]);
  });
});

describe("buildOpenAIResponsesRequest", () => {
  const tools = [{ name: "t", input_schema: { type: "object" } }];
  const messages: UnifiedMessage[] = [{ role: "user", content: [{ type: "text", text: "hi" }] }];

  it("writes model, stream, tools, tool_choice, parallel_tool_calls, instructions, input in that order", () => {
    const body = buildOpenAIResponsesRequest({
      model: "m",
      system: "s",
      tools,
      messages,
      toolChoice: { name: "t" },
      parallelToolCalls: false,
      stream: true,
    });
    expect(Object.keys(body)).toEqual([
      "model",
      "stream",
      "tools",
      "tool_choice",
      "parallel_tool_calls",
      "instructions",
      "input",
    ]);
    expect(body).toEqual({
      model: "m",
      stream: true,
      tools: [{ type: "function", name: "t", parameters: { type: "object" }, strict: false }],
      tool_choice: { type: "function", name: "t" },
      parallel_tool_calls: false,
      instructions: "s",
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }],
    });
  });

  it("leaves out tools and their options without tools, and instructions when empty", () => {
    expect(
      buildOpenAIResponsesRequest({ model: "m", system: "", messages, toolChoice: "any", maxTokens: 9 }),
    ).toEqual({
      model: "m",
      stream: false,
      max_output_tokens: 9,
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }],
    });
  });
});

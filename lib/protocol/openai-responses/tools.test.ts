import { describe, expect, it } from "vitest";
import {
  mapOpenAIResponsesStopReason,
  mapOpenAIResponsesUsage,
  toolChoiceFromOpenAIResponses,
  toolChoiceToOpenAIResponses,
  toolsFromOpenAIResponses,
  toolsToOpenAIResponses,
} from "@/lib/protocol/openai-responses/convert";
import type { OpenAIResponse, OpenAIResponsesTool } from "@/lib/protocol/openai-responses/types";
import { readFixtureJson } from "@/lib/protocol/testing/fixtures";

describe("toolsToOpenAIResponses / toolsFromOpenAIResponses", () => {
  it("always writes strict: false unless the tool opts in (Responses reads an absent strict as true)", () => {
    const schema = { type: "object" };
    expect(
      toolsToOpenAIResponses([
        { name: "a", input_schema: schema },
        { name: "b", description: "B", input_schema: schema, strict: true },
      ]),
    ).toEqual([
      { type: "function", name: "a", parameters: schema, strict: false },
      { type: "function", name: "b", description: "B", parameters: schema, strict: true },
    ]);
  });

  it("round-trips the recorded tools exactly", () => {
    const { tools } = readFixtureJson<{ tools: OpenAIResponsesTool[] }>(
      "openai-responses-request-function-call.json",
    );
    expect(toolsFromOpenAIResponses(tools)).toEqual([
      {
        name: "get_weather_at_location",
        description: tools[0]!.description,
        input_schema: tools[0]!.parameters,
        strict: false,
      },
    ]);
    expect(toolsToOpenAIResponses(toolsFromOpenAIResponses(tools))).toEqual(tools);
  });

  it("reads a null strict as true, null parameters as an empty schema, and skips built-in tools", () => {
    expect(
      toolsFromOpenAIResponses([
        { type: "function", name: "n", parameters: null, strict: null },
        { type: "web_search" },
      ]),
    ).toEqual([{ name: "n", input_schema: { type: "object", properties: {} }, strict: true }]);
  });
});

describe("tool choice", () => {
  it.each([
    ["auto", "auto"],
    ["any", "required"],
    ["none", "none"],
  ] as const)("%s ↔ %s", (spec, wire) => {
    expect(toolChoiceToOpenAIResponses(spec)).toBe(wire);
    expect(toolChoiceFromOpenAIResponses(wire)).toBe(spec);
  });

  it("a named tool ↔ { type: function, name }", () => {
    expect(toolChoiceToOpenAIResponses({ name: "t" })).toEqual({ type: "function", name: "t" });
    expect(toolChoiceFromOpenAIResponses({ type: "function", name: "t" })).toEqual({ name: "t" });
  });
});

describe("mapOpenAIResponsesStopReason", () => {
  const call = { type: "function_call", call_id: "c", name: "f", arguments: "{}" };
  const message = (type: string) => ({
    type: "message",
    id: "m",
    role: "assistant" as const,
    status: "completed",
    content: [{ type, text: "x", refusal: "x", annotations: [] }],
  });

  it("reads the recorded responses: a function call is tool_use, a text answer end_turn", () => {
    expect(
      mapOpenAIResponsesStopReason(
        readFixtureJson<OpenAIResponse>("openai-responses-response-function-call.json"),
      ),
    ).toEqual({ unified: "tool_use", raw: "completed" });
    expect(
      mapOpenAIResponsesStopReason(
        readFixtureJson<OpenAIResponse>("openai-responses-response-after-function-call.json"),
      ),
    ).toEqual({ unified: "end_turn", raw: "completed" });
  });

  it.each([
    [{ status: "completed", output: [message("output_text"), call] }, "tool_use", "completed"],
    [{ status: "completed", output: [message("refusal")] }, "refusal", "completed"],
    [{ status: "completed", output: [] }, "end_turn", "completed"],
    [
      { status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, output: [] },
      "max_tokens",
      "max_output_tokens",
    ],
    [
      { status: "incomplete", incomplete_details: { reason: "content_filter" }, output: [] },
      "refusal",
      "content_filter",
    ],
    [{ status: "incomplete", incomplete_details: null, output: [] }, "other", "incomplete"],
    [{ status: "failed", output: [call] }, "other", "failed"],
    [{ status: "in_progress", output: [] }, "other", "in_progress"],
    [{ output: [] }, "other", null],
  ] as const)("%j → %s", (response, unified, raw) => {
    expect(mapOpenAIResponsesStopReason(response as unknown as OpenAIResponse)).toEqual({ unified, raw });
  });
});

describe("mapOpenAIResponsesUsage", () => {
  it("maps input and output tokens; absent counters are null", () => {
    expect(mapOpenAIResponsesUsage({ input_tokens: 74, output_tokens: 20, total_tokens: 94 })).toEqual({
      inputTokens: 74,
      outputTokens: 20,
    });
    expect(mapOpenAIResponsesUsage(null)).toEqual({ inputTokens: null, outputTokens: null });
  });
});

import { describe, expect, it } from "vitest";
import {
  mapOpenAIChatFinishReason,
  mapOpenAIChatUsage,
  toolChoiceFromOpenAIChat,
  toolChoiceToOpenAIChat,
  toolsFromOpenAIChat,
  toolsToOpenAIChat,
} from "@/lib/protocol/openai-chat/convert";
import type { OpenAIChatTool } from "@/lib/protocol/openai-chat/types";
import { readFixtureJson } from "@/lib/protocol/testing/fixtures";

describe("toolsToOpenAIChat / toolsFromOpenAIChat", () => {
  it("passes strict through as given and leaves it out when unset; description only when set", () => {
    const schema = { type: "object", properties: {} };
    expect(
      toolsToOpenAIChat([
        { name: "a", input_schema: schema },
        { name: "b", description: "B", input_schema: schema, strict: true },
        { name: "c", input_schema: schema, strict: false },
      ]),
    ).toEqual([
      { type: "function", function: { name: "a", parameters: schema } },
      { type: "function", function: { name: "b", description: "B", parameters: schema, strict: true } },
      { type: "function", function: { name: "c", parameters: schema, strict: false } },
    ]);
  });

  it("round-trips the recorded request's tools exactly", () => {
    const { tools } = readFixtureJson<{ tools: OpenAIChatTool[] }>("openai-chat-request-parallel-tools.json");
    expect(toolsFromOpenAIChat(tools)).toEqual([
      {
        name: "get_weather_for_city",
        description: "gets the current weather for a given city",
        input_schema: tools[0]!.function.parameters,
      },
    ]);
    expect(toolsToOpenAIChat(toolsFromOpenAIChat(tools))).toEqual(tools);
  });

  it("reads a tool without parameters as an empty object schema", () => {
    expect(toolsFromOpenAIChat([{ type: "function", function: { name: "n", strict: null } }])).toEqual([
      { name: "n", input_schema: { type: "object", properties: {} } },
    ]);
  });
});

describe("tool choice", () => {
  it.each([
    ["auto", "auto"],
    ["any", "required"],
    ["none", "none"],
  ] as const)("%s ↔ %s", (spec, wire) => {
    expect(toolChoiceToOpenAIChat(spec)).toBe(wire);
    expect(toolChoiceFromOpenAIChat(wire)).toBe(spec);
  });

  it("a named tool ↔ { type: function, function: { name } }", () => {
    expect(toolChoiceToOpenAIChat({ name: "t" })).toEqual({ type: "function", function: { name: "t" } });
    expect(toolChoiceFromOpenAIChat({ type: "function", function: { name: "t" } })).toEqual({ name: "t" });
  });
});

describe("mapOpenAIChatFinishReason", () => {
  it.each([
    ["stop", "end_turn"],
    ["tool_calls", "tool_use"],
    ["function_call", "tool_use"],
    ["length", "max_tokens"],
    ["content_filter", "refusal"],
    ["something_new", "other"],
    ["toString", "other"],
  ] as const)("%s → %s, raw kept", (raw, unified) => {
    expect(mapOpenAIChatFinishReason(raw)).toEqual({ unified, raw });
  });

  it("null or absent (a cut stream) → other with raw null", () => {
    expect(mapOpenAIChatFinishReason(null)).toEqual({ unified: "other", raw: null });
    expect(mapOpenAIChatFinishReason(undefined)).toEqual({ unified: "other", raw: null });
  });
});

describe("mapOpenAIChatUsage", () => {
  it("maps prompt and completion tokens; absent counters are null", () => {
    expect(mapOpenAIChatUsage({ prompt_tokens: 149, completion_tokens: 60, total_tokens: 209 })).toEqual({
      inputTokens: 149,
      outputTokens: 60,
    });
    expect(mapOpenAIChatUsage(null)).toEqual({ inputTokens: null, outputTokens: null });
    expect(mapOpenAIChatUsage({ prompt_tokens: 3 })).toEqual({ inputTokens: 3, outputTokens: null });
  });
});

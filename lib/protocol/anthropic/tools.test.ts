import { describe, expect, it } from "vitest";
import {
  anthropicMessagesToUnified,
  buildAnthropicRequest,
  toolChoiceToAnthropic,
  toolsToAnthropic,
} from "@/lib/protocol/anthropic/convert";
import type { AnthropicMessageParam, AnthropicTool } from "@/lib/protocol/anthropic/types";
import type { ToolDefinition } from "@/lib/trace/config";
import { readFixtureJson } from "@/lib/protocol/testing/fixtures";

const WEATHER: ToolDefinition = {
  name: "get_weather",
  description: "Weather",
  input_schema: { type: "object", properties: { city: { type: "string" } } },
  meta: { readOnly: true },
  mock: { kind: "echo" },
  builtin: "get_weather",
};

describe("toolsToAnthropic", () => {
  it("drops Toolscope's own fields, and keeps strict only when true", () => {
    expect(
      toolsToAnthropic([
        WEATHER,
        { ...WEATHER, name: "s", strict: true },
        { name: "n", input_schema: {}, strict: false },
      ]),
    ).toEqual([
      { name: "get_weather", description: "Weather", input_schema: WEATHER.input_schema },
      { name: "s", description: "Weather", input_schema: WEATHER.input_schema, strict: true },
      { name: "n", input_schema: {} },
    ]);
  });
});

describe("toolChoiceToAnthropic", () => {
  it("maps each choice to Anthropic's object form", () => {
    expect(["auto", "any", "none"].map((choice) => toolChoiceToAnthropic(choice as "auto"))).toEqual([
      { type: "auto" },
      { type: "any" },
      { type: "none" },
    ]);
    expect(toolChoiceToAnthropic({ name: "get_weather" })).toEqual({ type: "tool", name: "get_weather" });
  });
});

describe("buildAnthropicRequest", () => {
  it("writes the keys in order: model, max_tokens, stream, tools, tool_choice, system, messages", () => {
    const body = buildAnthropicRequest({
      model: "m",
      maxTokens: 10,
      system: "be brief",
      tools: [WEATHER],
      toolChoice: "any",
      stream: true,
      messages: [],
    });
    expect(Object.keys(body)).toEqual([
      "model",
      "max_tokens",
      "stream",
      "tools",
      "tool_choice",
      "system",
      "messages",
    ]);
    expect(JSON.stringify(body)).toBe(
      '{"model":"m","max_tokens":10,"stream":true,"tools":[{"name":"get_weather","description":"Weather","input_schema":{"type":"object","properties":{"city":{"type":"string"}}}}],"tool_choice":{"type":"any"},"system":"be brief","messages":[]}',
    );
  });

  it("leaves out tools when there are none, tool_choice when not given and system when empty; stream defaults to false", () => {
    const body = buildAnthropicRequest({
      model: "m",
      maxTokens: 10,
      system: "",
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    });
    expect(body).toEqual({
      model: "m",
      max_tokens: 10,
      stream: false,
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    });
    expect(Object.keys(body)).toEqual(["model", "max_tokens", "stream", "messages"]);
  });

  it("rebuilds the recorded is_error follow-up request from its unified form", () => {
    const recorded = readFixtureJson<{
      model: string;
      max_tokens: number;
      tools: AnthropicTool[];
      messages: AnthropicMessageParam[];
    }>("anthropic-request-tool-result-is-error.json");
    const body = buildAnthropicRequest({
      model: recorded.model,
      maxTokens: recorded.max_tokens,
      tools: recorded.tools,
      messages: anthropicMessagesToUnified(recorded.messages),
    });
    const [first, second, third] = recorded.messages;
    expect(body).toEqual({
      model: "claude-haiku-4-5",
      max_tokens: 1024,
      stream: false,
      tools: recorded.tools,
      messages: [
        { role: "user", content: [{ type: "text", text: first!.content }] },
        // The recorded body echoes the response's `caller`; the unified form does not carry it.
        {
          role: "assistant",
          content: [
            {
              type: "tool_use",
              id: "toolu_01A9HHF5Ezy3oBrKmSgfASm9",
              name: "get_weather",
              input: { location: "San Francisco, CA", units: "f" },
            },
          ],
        },
        third,
      ],
    });
    expect(second!.content).toHaveLength(1);
  });
});

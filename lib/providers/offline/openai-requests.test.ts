import { describe, expect, it } from "vitest";
import { buildAnthropicRequest } from "@/lib/protocol/anthropic/convert";
import { buildOpenAIChatRequest } from "@/lib/protocol/openai-chat/convert";
import { buildOpenAIResponsesRequest } from "@/lib/protocol/openai-responses/convert";
import type { ToolSpec, UnifiedMessage } from "@/lib/protocol/unified";
import { readOpenAIChatRequest, readOpenAIResponsesRequest } from "./openai-requests";
import { respondOffline } from "./respond";

const TOOLS: ToolSpec[] = [
  {
    name: "read_file",
    description: "Read a file.",
    input_schema: { type: "object", properties: { path: { type: "string" } } },
  },
];
const CONVERSATION: UnifiedMessage[] = [
  { role: "user", content: [{ type: "text", text: "What is in notes/todo.md?" }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "I'll read it." },
      {
        type: "toolCall",
        id: "call_1",
        name: "read_file",
        arguments: { path: "notes/todo.md" },
        rawArguments: '{"path":"notes/todo.md"}',
      },
    ],
  },
  {
    role: "user",
    content: [{ type: "toolResult", toolCallId: "call_1", content: "# Todo\n- milk", isError: false }],
  },
];
const INPUT = {
  model: "m",
  maxTokens: 100,
  stream: true as const,
  system: "Be brief.",
  tools: TOOLS,
  messages: CONVERSATION,
  toolChoice: "auto" as const,
};

describe("the offline model reads OpenAI bodies into the same request as an Anthropic one", () => {
  const anthropic = buildAnthropicRequest(INPUT);

  it.each([
    ["Chat Completions", () => readOpenAIChatRequest(buildOpenAIChatRequest(INPUT))],
    ["Responses", () => readOpenAIResponsesRequest(buildOpenAIResponsesRequest(INPUT))],
  ])("%s: same body, so the same decision and the same ids", (_name, read) => {
    const parsed = read();
    expect(parsed).toEqual({ ok: true, request: anthropic });
    if (!parsed.ok) return;
    expect(respondOffline(parsed.request)).toEqual(respondOffline(anthropic));
    expect(respondOffline(parsed.request).content).toEqual([
      { type: "text", text: 'notes/todo.md reads: "# Todo - milk".' },
    ]);
  });

  it.each([
    [null, "The request body must be a JSON object."],
    [{ messages: [{ role: "user", content: "hi" }] }, "model: a non-empty string is required"],
    [{ model: "m", messages: [] }, "messages: a non-empty array is required"],
    [
      { model: "m", messages: [{ role: "robot", content: "hi" }] },
      "messages.0.role: must be one of system, developer, user, assistant, tool",
    ],
    [{ model: "m", stream: "yes", messages: [{ role: "user", content: "hi" }] }, "stream: must be a boolean"],
    [
      { model: "m", messages: [{ role: "system", content: "only a system prompt" }] },
      "messages: at least one message is required",
    ],
  ])("a Chat Completions body %j answers 400: %s", (body, message) => {
    expect(readOpenAIChatRequest(body)).toEqual({ ok: false, message });
  });

  it.each([
    [{ model: "m" }, "input: a string or an array of items is required"],
    [{ model: "m", input: "hi", instructions: 3 }, "instructions: must be a string"],
    [{ model: "m", input: "hi", tools: "all" }, "tools: must be an array of objects"],
  ])("a Responses body %j answers 400: %s", (body, message) => {
    expect(readOpenAIResponsesRequest(body)).toEqual({ ok: false, message });
  });

  it("reads a Responses string input as one user message, with a 4096-token default", () => {
    expect(readOpenAIResponsesRequest({ model: "m", input: "hello" })).toEqual({
      ok: true,
      request: {
        model: "m",
        max_tokens: 4096,
        stream: false,
        messages: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
      },
    });
  });
});

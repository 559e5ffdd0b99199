/**
 * The bodies `buildOpenAIChatRequest` writes type-check against the SDK's own request types
 * (`openai` 6.30.1): a streamed body is a `ChatCompletionCreateParamsStreaming`, a plain one a
 * `ChatCompletionCreateParamsNonStreaming`. `tsc --noEmit` checks the assignments; the test runs
 * them through the SDK's types at runtime too, on a body with every block kind.
 */
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { describe, expect, it } from "vitest";
import { buildOpenAIChatRequest } from "@/lib/protocol/openai-chat/convert";
import type { OpenAIChatMessageParam, OpenAIChatTool } from "@/lib/protocol/openai-chat/types";
import type { UnifiedMessage } from "@/lib/protocol/unified";

const messages: UnifiedMessage[] = [
  {
    role: "user",
    content: [
      { type: "text", text: "hi" },
      { type: "unknown", raw: { type: "image_url", image_url: { url: "data:," } } },
    ],
  },
  {
    role: "assistant",
    content: [
      { type: "text", text: "calling" },
      { type: "unknown", raw: { type: "refusal", refusal: "no" } },
      { type: "toolCall", id: "c1", name: "t", arguments: {}, rawArguments: "{}" },
    ],
  },
  { role: "user", content: [{ type: "toolResult", toolCallId: "c1", content: "ok", isError: false }] },
];
const tools = [{ name: "t", input_schema: { type: "object" }, strict: true }];

describe("request bodies fit the SDK's request types", () => {
  it("a streamed body is a ChatCompletionCreateParamsStreaming", () => {
    const body = buildOpenAIChatRequest({
      model: "m",
      system: "s",
      tools,
      messages,
      toolChoice: { name: "t" },
      parallelToolCalls: true,
      stream: true,
    });
    const params: ChatCompletionCreateParamsStreaming = body;
    expect(params.stream).toBe(true);
    expect(params.stream_options).toEqual({ include_usage: true });
  });

  it("a plain body is a ChatCompletionCreateParamsNonStreaming", () => {
    const body = buildOpenAIChatRequest({
      model: "m",
      messages,
      maxTokens: 10,
    });
    const params: ChatCompletionCreateParamsNonStreaming = body;
    expect(params.stream).toBe(false);
  });

  it("each wire type is assignable to the SDK's", () => {
    const message = (value: OpenAIChatMessageParam): ChatCompletionMessageParam => value;
    const tool = (value: OpenAIChatTool): ChatCompletionTool => value;
    expect(message({ role: "tool", tool_call_id: "c", content: "x" }).role).toBe("tool");
    expect(tool({ type: "function", function: { name: "n" } }).type).toBe("function");
  });
});

/**
 * The bodies `buildOpenAIResponsesRequest` writes type-check against the SDK's own request types
 * (`openai` 6.30.1): a streamed body is a `ResponseCreateParamsStreaming`, a plain one a
 * `ResponseCreateParamsNonStreaming`. `tsc --noEmit` checks the assignments.
 */
import type {
  FunctionTool,
  ResponseCreateParamsNonStreaming,
  ResponseCreateParamsStreaming,
  ResponseInputItem,
} from "openai/resources/responses/responses";
import { describe, expect, it } from "vitest";
import { buildOpenAIResponsesRequest } from "@/lib/protocol/openai-responses/convert";
import type { OpenAIResponsesInputItem, OpenAIResponsesTool } from "@/lib/protocol/openai-responses/types";
import type { UnifiedMessage } from "@/lib/protocol/unified";

const messages: UnifiedMessage[] = [
  {
    role: "user",
    content: [
      { type: "text", text: "hi" },
      { type: "unknown", raw: { type: "input_image", detail: "auto", image_url: "data:," } },
    ],
  },
  {
    role: "assistant",
    content: [
      {
        type: "unknown",
        raw: { type: "reasoning", id: "rs", summary: [{ type: "summary_text", text: "s" }] },
      },
      { type: "text", text: "calling" },
      { type: "toolCall", id: "c1", name: "t", arguments: {}, rawArguments: "{}" },
    ],
  },
  { role: "user", content: [{ type: "toolResult", toolCallId: "c1", content: "ok", isError: false }] },
];
const tools = [{ name: "t", input_schema: { type: "object" }, strict: true }];

describe("request bodies fit the SDK's request types", () => {
  it("a streamed body is a ResponseCreateParamsStreaming", () => {
    const body = buildOpenAIResponsesRequest({
      model: "m",
      system: "s",
      tools,
      messages,
      toolChoice: "any",
      parallelToolCalls: true,
      stream: true,
    });
    const params: ResponseCreateParamsStreaming = body;
    expect(params.stream).toBe(true);
    expect(params.input).toHaveLength(5); // message, reasoning, message, function_call, function_call_output
  });

  it("a plain body is a ResponseCreateParamsNonStreaming", () => {
    const body = buildOpenAIResponsesRequest({ model: "m", messages, maxTokens: 10 });
    const params: ResponseCreateParamsNonStreaming = body;
    expect(params.stream).toBe(false);
  });

  it("each wire type is assignable to the SDK's", () => {
    const item = (value: OpenAIResponsesInputItem): ResponseInputItem => value;
    const tool = (value: OpenAIResponsesTool): FunctionTool => value;
    expect(item({ type: "function_call_output", call_id: "c", output: "x" }).type).toBe(
      "function_call_output",
    );
    expect(tool({ type: "function", name: "n", parameters: null, strict: null }).type).toBe("function");
  });
});

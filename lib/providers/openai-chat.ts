import "server-only";
import type { ChatCompletionStreamParams } from "openai/lib/ChatCompletionStream";
import {
  createOpenAIChatStreamState,
  reduceOpenAIChatEventInPlace,
} from "@/lib/protocol/openai-chat/assemble";
import {
  buildOpenAIChatRequest,
  mapOpenAIChatFinishReason,
  mapOpenAIChatUsage,
  openAIChatMessageToUnified,
} from "@/lib/protocol/openai-chat/convert";
import type { OpenAIChatResponseMessage, OpenAIChatUsage } from "@/lib/protocol/openai-chat/types";
import { withChatStreamedArguments } from "@/lib/protocol/partial-turn";
import { createAssemblingTap } from "./assembling-tap";
import { createTappedOpenAIClient, describeOpenAIRequest, type OpenAIProviderOptions } from "./openai-client";
import type { ModelProvider, ModelRequest, ModelTurn } from "./types";

/**
 * OpenAI Chat Completions through the official `openai` SDK (and any OpenAI-compatible server
 * through `baseURL`). The request streams with `stream_options.include_usage`; the SDK's
 * `finalChatCompletion()` is the turn's `message`; the unified form is read from its first choice
 * with the arguments as streamed. A stream that ends before `data: [DONE]` is an error, even when
 * the SDK would accept it, since the stream was cut.
 *
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */
export function createOpenAIChatProvider(options: OpenAIProviderOptions): ModelProvider {
  return {
    format: "openai-chat",
    buildRequest(request: ModelRequest) {
      return buildOpenAIChatRequest(describeOpenAIRequest(request, options)) as unknown as Record<
        string,
        unknown
      >;
    },
    async stream(body, tap, signal): Promise<ModelTurn> {
      const assembling = createAssemblingTap(tap, createOpenAIChatStreamState, reduceOpenAIChatEventInPlace);
      const client = createTappedOpenAIClient(options, assembling.tap);
      const completion = await client.chat.completions
        .stream(body as unknown as ChatCompletionStreamParams, { signal })
        .finalChatCompletion();
      const assembly = assembling.read();
      if (!assembly.done) throw new Error("The stream ended before `data: [DONE]`: it was cut.");
      const choice = completion.choices[0];
      const message = withChatStreamedArguments(
        (choice?.message ?? { role: "assistant", content: null, refusal: null }) as OpenAIChatResponseMessage,
        assembly.partialJson,
      );
      return {
        format: "openai-chat",
        message: completion,
        unified: openAIChatMessageToUnified(message),
        stopReason: mapOpenAIChatFinishReason(choice?.finish_reason, message),
        usage: mapOpenAIChatUsage(completion.usage as OpenAIChatUsage | undefined),
      };
    },
  };
}

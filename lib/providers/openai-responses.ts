import "server-only";
import type { ResponseStreamParams } from "openai/lib/responses/ResponseStream";
import {
  createOpenAIResponsesStreamState,
  reduceOpenAIResponsesEvent,
  type OpenAIResponsesStreamState,
} from "@/lib/protocol/openai-responses/assemble";
import {
  buildOpenAIResponsesRequest,
  mapOpenAIResponsesStopReason,
  mapOpenAIResponsesUsage,
  openAIResponseToUnified,
} from "@/lib/protocol/openai-responses/convert";
import type { OpenAIResponse } from "@/lib/protocol/openai-responses/types";
import { withResponsesStreamedArguments } from "@/lib/protocol/partial-turn";
import { createAssemblingTap } from "./assembling-tap";
import { createTappedOpenAIClient, describeOpenAIRequest, type OpenAIProviderOptions } from "./openai-client";
import type { ModelProvider, ModelRequest, ModelTurn } from "./types";

/**
 * Why a stream the SDK accepted did not finish, or null. `ResponseStream` (6.30.1) returns
 * whatever it assembled when the stream ends early, and ignores `response.failed`.
 */
function explainUnfinished(assembly: OpenAIResponsesStreamState): string | null {
  if (!assembly.done) return "The stream ended before `response.completed`: it was cut.";
  const response = assembly.response;
  if (response?.status === "failed")
    return `The response failed: ${response.error?.message ?? "no error message"}`;
  return null;
}

/**
 * OpenAI Responses through the official `openai` SDK (and any compatible server through
 * `baseURL`). The conversation is sent whole as `input` (Toolscope keeps it in its log, so no
 * `previous_response_id`); the SDK's `finalResponse()` is the turn's `message`; the unified form
 * is read from its output items, with the arguments as streamed.
 *
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
export function createOpenAIResponsesProvider(options: OpenAIProviderOptions): ModelProvider {
  return {
    format: "openai-responses",
    buildRequest(request: ModelRequest) {
      return buildOpenAIResponsesRequest(describeOpenAIRequest(request, options)) as unknown as Record<
        string,
        unknown
      >;
    },
    async stream(body, tap, signal): Promise<ModelTurn> {
      const assembling = createAssemblingTap(
        tap,
        createOpenAIResponsesStreamState,
        reduceOpenAIResponsesEvent,
      );
      const client = createTappedOpenAIClient(options, assembling.tap);
      const response = await client.responses
        .stream(body as unknown as ResponseStreamParams, { signal })
        .finalResponse();
      const assembly = assembling.read();
      const unfinished = explainUnfinished(assembly);
      if (unfinished) throw new Error(unfinished);
      // ResponseStream (6.30.1) ignores `response.incomplete`: its final response is the snapshot,
      // still `in_progress`. Our fold keeps the response that event carries, with its status.
      const final = (assembly.response?.status === "incomplete"
        ? assembly.response
        : response) as unknown as OpenAIResponse;
      return {
        format: "openai-responses",
        message: response,
        unified: openAIResponseToUnified(withResponsesStreamedArguments(final, assembly.partialJson)),
        stopReason: mapOpenAIResponsesStopReason(final),
        usage: mapOpenAIResponsesUsage(final.usage),
      };
    },
  };
}

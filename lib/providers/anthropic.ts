import "server-only";
import Anthropic from "@anthropic-ai/sdk";
import type { MessageStreamParams } from "@anthropic-ai/sdk/resources/messages/messages";
import { createAnthropicStreamState, reduceAnthropicEvent } from "@/lib/protocol/anthropic/assemble";
import {
  anthropicMessageToUnified,
  buildAnthropicRequest,
  mapAnthropicStopReason,
  mapAnthropicUsage,
} from "@/lib/protocol/anthropic/convert";
import type { Clock, ModelProvider, ModelRequest, ModelTurn } from "./types";
import { createTappedFetch } from "./wire-tap";

export interface AnthropicProviderOptions {
  apiKey: string;
  baseURL?: string;
  /** The transport; the offline model plugs in here. Defaults to the global fetch. */
  fetch?: typeof fetch;
  clock: Clock;
  defaultModel: string;
  maxTokens?: number;
}

/**
 * Anthropic Messages through the official SDK. The wire tap sits between the transport and the
 * SDK, so every raw event is recorded before `MessageStream` parses it; the SDK's
 * `finalMessage()` is the assembled turn, and our own accumulator (fed the same events) keeps
 * each tool's arguments exactly as streamed.
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): ModelProvider {
  return {
    format: "anthropic",
    buildRequest(request: ModelRequest) {
      return buildAnthropicRequest({
        model: request.model ?? options.defaultModel,
        maxTokens: request.maxTokens ?? options.maxTokens ?? 4096,
        stream: true,
        system: request.system,
        tools: request.tools,
        messages: request.messages,
        ...(request.toolChoice !== undefined ? { toolChoice: request.toolChoice } : {}),
      }) as unknown as Record<string, unknown>;
    },
    async stream(body, tap, signal): Promise<ModelTurn> {
      let assembly = createAnthropicStreamState();
      const client = new Anthropic({
        apiKey: options.apiKey,
        ...(options.baseURL ? { baseURL: options.baseURL } : {}),
        maxRetries: 0,
        fetch: createTappedFetch(
          options.fetch ?? globalThis.fetch,
          {
            onResponse: (response) => tap.onResponse(response),
            onEvent: (event) => {
              tap.onEvent(event);
              assembly = reduceAnthropicEvent(assembly, event);
            },
          },
          options.clock,
        ),
      });
      const message = await client.messages
        .stream(body as unknown as MessageStreamParams, { signal })
        .finalMessage();
      return {
        format: "anthropic",
        message,
        unified: anthropicMessageToUnified(message as never, assembly.partialJson),
        stopReason: mapAnthropicStopReason(message.stop_reason),
        usage: mapAnthropicUsage(message.usage as never),
      };
    },
  };
}

import "server-only";
import Anthropic from "@anthropic-ai/sdk";
import type { MessageStreamParams } from "@anthropic-ai/sdk/resources/messages/messages";
import type { Clock } from "@/lib/clock/types";
import { createAnthropicStreamState, reduceAnthropicEventInPlace } from "@/lib/protocol/anthropic/assemble";
import {
  anthropicMessageToUnified,
  buildAnthropicRequest,
  mapAnthropicStopReason,
  mapAnthropicUsage,
} from "@/lib/protocol/anthropic/convert";
import { createAssemblingTap } from "./assembling-tap";
import type { ModelProvider, ModelRequest, ModelTurn, Transport } from "./types";
import { createTappedFetch } from "./wire-tap";

/** How many times the SDKs retry a failed request by default (each retry is its own attempt). */
export const DEFAULT_MAX_RETRIES = 2;

export interface AnthropicProviderOptions {
  apiKey: string;
  baseURL?: string;
  /** The transport under the wire tap; the offline model plugs in here. Defaults to the global fetch. */
  fetch?: Transport;
  clock: Clock;
  defaultModel: string;
  maxTokens?: number;
  /** The SDK's `maxRetries`; default {@link DEFAULT_MAX_RETRIES}. */
  maxRetries?: number;
}

/**
 * Anthropic Messages through the official SDK. The wire tap sits between the transport and the
 * SDK, so every attempt and raw event is recorded before `MessageStream` parses it; the SDK's
 * `finalMessage()` is the assembled turn, and our own accumulator (fed the same events) keeps
 * each tool's arguments exactly as streamed.
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): ModelProvider {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
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
      const assembling = createAssemblingTap(tap, createAnthropicStreamState, reduceAnthropicEventInPlace);
      const client = new Anthropic({
        apiKey: options.apiKey,
        ...(options.baseURL ? { baseURL: options.baseURL } : {}),
        maxRetries,
        fetch: createTappedFetch(options.fetch ?? globalThis.fetch, assembling.tap, options.clock, {
          maxRetries,
        }),
      });
      const message = await client.messages
        .stream(body as unknown as MessageStreamParams, { signal })
        .finalMessage();
      return {
        format: "anthropic",
        message,
        unified: anthropicMessageToUnified(message as never, assembling.read().partialJson),
        stopReason: mapAnthropicStopReason(message.stop_reason),
        usage: mapAnthropicUsage(message.usage as never),
      };
    },
  };
}

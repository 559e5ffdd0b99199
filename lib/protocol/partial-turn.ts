/**
 * What had arrived of a turn whose stream failed part-way (docs/architecture.md, "Invariant"): the message
 * assembled from the events received, with each tool call's arguments exactly as streamed (a
 * call cut inside its arguments keeps the raw text, and `arguments: null` when it does not
 * parse). The loop records it when it holds a tool call, so the run's `interrupted` results have
 * a call to pair with. Pure.
 */
import { assembleAnthropicStream } from "./anthropic/assemble";
import { anthropicMessageToUnified } from "./anthropic/convert";
import { assembleOpenAIChatStream } from "./openai-chat/assemble";
import { openAIChatMessageToUnified } from "./openai-chat/convert";
import type { OpenAIChatResponseMessage } from "./openai-chat/types";
import { assembleOpenAIResponsesStream } from "./openai-responses/assemble";
import { openAIResponseToUnified } from "./openai-responses/convert";
import type { OpenAIResponse } from "./openai-responses/types";
import type { SseEvent } from "./sse";
import { assertNever, type UnifiedMessage, type WireFormat } from "./unified";

/** A partial turn: the format's own message as assembled so far, and its unified form. */
export interface PartialTurn {
  message: unknown;
  unified: UnifiedMessage;
}

/** The chat message with each tool call's `arguments` as joined from the wire, by call index. */
export function withChatStreamedArguments(
  message: OpenAIChatResponseMessage,
  partialJson: Readonly<Record<number, string>>,
): OpenAIChatResponseMessage {
  if (!message.tool_calls) return message;
  const toolCalls = message.tool_calls.map((call, index) => ({
    ...call,
    function: { ...call.function, arguments: partialJson[index] ?? call.function.arguments },
  }));
  return { ...message, tool_calls: toolCalls };
}

/** The Responses output with each function call's `arguments` as read from the wire. */
export function withResponsesStreamedArguments(
  response: Pick<OpenAIResponse, "output">,
  partialJson: Readonly<Record<number, string>>,
): Pick<OpenAIResponse, "output"> {
  return {
    output: response.output.map((item, index) =>
      item.type === "function_call" && partialJson[index] !== undefined
        ? { ...item, arguments: partialJson[index] }
        : item,
    ),
  };
}

/** The turn as far as `events` (one attempt's, in order) carried it; `null` before it began. */
export function assemblePartialTurn(format: WireFormat, events: readonly SseEvent[]): PartialTurn | null {
  switch (format) {
    case "anthropic": {
      const state = assembleAnthropicStream(events);
      if (!state.message) return null;
      return { message: state.message, unified: anthropicMessageToUnified(state.message, state.partialJson) };
    }
    case "openai-chat": {
      const state = assembleOpenAIChatStream(events);
      const message = state.completion?.choices[0]?.message;
      if (!state.completion || !message) return null;
      const unified = openAIChatMessageToUnified(withChatStreamedArguments(message, state.partialJson));
      return { message: state.completion, unified };
    }
    case "openai-responses": {
      const state = assembleOpenAIResponsesStream(events);
      if (!state.response) return null;
      const unified = openAIResponseToUnified(
        withResponsesStreamedArguments(state.response, state.partialJson),
      );
      return { message: state.response, unified };
    }
    default:
      return assertNever(format, "wire format");
  }
}

/**
 * What had arrived of a turn whose stream failed part-way (docs/architecture.md, "Invariant"): the message
 * assembled from the events received, with each tool call's arguments exactly as streamed (a
 * call cut inside its arguments keeps the raw text, and `arguments: null` when it does not
 * parse). The loop records it when it holds a tool call, so the run's `interrupted` results have
 * a call to pair with. Pure.
 */
import { anthropicMessageToUnified } from "./anthropic/convert";
import { openAIChatMessageToUnified } from "./openai-chat/convert";
import { parseToolArguments } from "./openai-chat/tool-arguments";
import type { OpenAIChatResponseMessage } from "./openai-chat/types";
import { openAIResponseToUnified } from "./openai-responses/convert";
import type { OpenAIResponse } from "./openai-responses/types";
import type { SseEvent } from "./sse";
import { assertNever, type Block, type UnifiedMessage, type WireFormat } from "./unified";
import { assembleWireStream, type WireStreamState } from "./wire-stream";

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

/** A turn as streamed so far: the format's own message, its unified form, and the stream's state. */
export interface StreamedTurn extends PartialTurn {
  stream: WireStreamState;
}

/** The provider's own message as the wire's fold assembled it (`null` before it began). */
function readWireMessage(stream: WireStreamState): unknown {
  switch (stream.format) {
    case "anthropic":
      return stream.wire.message;
    case "openai-chat":
      return stream.wire.fold.completion?.choices[0]?.message ? stream.wire.fold.completion : null;
    case "openai-responses":
      return stream.wire.fold.response;
    default:
      return assertNever(stream, "wire stream state");
  }
}

function convertWireMessage(stream: WireStreamState): UnifiedMessage {
  switch (stream.format) {
    case "anthropic":
      return anthropicMessageToUnified(stream.wire.message!);
    case "openai-chat":
      return openAIChatMessageToUnified(stream.wire.fold.completion!.choices[0]!.message);
    case "openai-responses":
      return openAIResponseToUnified(stream.wire.fold.response!);
    default:
      return assertNever(stream, "wire stream state");
  }
}

/**
 * Each tool call's arguments as its stream parts carried them: the raw text as streamed (what a
 * provider's assembly may have replaced or not parsed yet), `arguments` its parse or `null`.
 */
function withPartsArguments(message: UnifiedMessage, stream: WireStreamState): UnifiedMessage {
  const inputs = new Map<string, string>();
  for (const block of stream.blocks.blocks)
    if (block.kind === "tool" && block.input !== "") inputs.set(block.toolCallId, block.input);
  const content = message.content.map((block): Block => {
    const raw = block.type === "toolCall" ? inputs.get(block.id) : undefined;
    return block.type === "toolCall" && raw !== undefined
      ? { ...block, rawArguments: raw, arguments: parseToolArguments(raw) }
      : block;
  });
  return { ...message, content };
}

/**
 * The turn as far as `events` (one attempt's, in order) carried it, read through the stream parts
 * of its wire; `null` before it began. The unified form is the wire's own conversion (lossless
 * for items only one provider has), with tool arguments from the parts.
 */
export function assembleStreamedTurn(format: WireFormat, events: readonly SseEvent[]): StreamedTurn | null {
  const stream = assembleWireStream(format, events);
  const message = readWireMessage(stream);
  if (!message) return null;
  return { message, unified: withPartsArguments(convertWireMessage(stream), stream), stream };
}

/** The turn as far as `events` (one attempt's, in order) carried it; `null` before it began. */
export function assemblePartialTurn(format: WireFormat, events: readonly SseEvent[]): PartialTurn | null {
  const turn = assembleStreamedTurn(format, events);
  return turn ? { message: turn.message, unified: turn.unified } : null;
}

import "server-only";
import {
  anthropicMessageToUnified,
  mapAnthropicStopReason,
  mapAnthropicUsage,
  type RawArgumentsByIndex,
} from "@/lib/protocol/anthropic/convert";
import type { AnthropicMessage } from "@/lib/protocol/anthropic/types";
import {
  mapOpenAIChatFinishReason,
  mapOpenAIChatUsage,
  openAIChatMessageToUnified,
} from "@/lib/protocol/openai-chat/convert";
import type { OpenAIChatCompletion } from "@/lib/protocol/openai-chat/types";
import {
  mapOpenAIResponsesStopReason,
  mapOpenAIResponsesUsage,
  openAIResponseToUnified,
} from "@/lib/protocol/openai-responses/convert";
import type { OpenAIResponse } from "@/lib/protocol/openai-responses/types";
import { assertNever, type ToolSpec, type WireFormat } from "@/lib/protocol/unified";
import { isBlockContent, isRecord, readString, type JsonObject } from "./shapes";
import { readToolSpecs } from "./tools";
import type { ImportedTurn } from "./types";

/** A response body (or an assembled stream) as one assistant turn, with what it says of its session. */
export interface ReadResponse {
  turn: ImportedTurn;
  model?: string;
  /** A Responses response repeats the request's tools and instructions. */
  tools?: ToolSpec[];
  system?: string;
}

export type ReadResponseOutcome = { ok: true; value: ReadResponse } | { ok: false; error: string };

function readAnthropic(body: JsonObject, rawArguments?: RawArgumentsByIndex): ReadResponseOutcome {
  if (!isBlockContent(body.content))
    return { ok: false, error: "/content: an Anthropic message's content must be blocks with a type." };
  const message = body as AnthropicMessage;
  return {
    ok: true,
    value: {
      turn: {
        format: "anthropic",
        message,
        unified: anthropicMessageToUnified(message, rawArguments),
        stopReason: mapAnthropicStopReason(readString(message.stop_reason)),
        usage: mapAnthropicUsage(isRecord(message.usage) ? message.usage : null),
      },
    },
  };
}

function readOpenAIChat(body: JsonObject, notes: string[]): ReadResponseOutcome {
  const choices = Array.isArray(body.choices) ? body.choices : [];
  const choice = choices.find((c) => isRecord(c) && c.index === 0) ?? choices[0];
  const message = isRecord(choice) ? choice.message : undefined;
  const calls = isRecord(message) ? message.tool_calls : undefined;
  const callsOk =
    calls === undefined ||
    calls === null ||
    (Array.isArray(calls) &&
      calls.every((c) => isRecord(c) && isRecord(c.function) && typeof c.function.arguments === "string"));
  if (!isRecord(message) || !callsOk || !(message.content == null || isBlockContent(message.content)))
    return {
      ok: false,
      error: "/choices/0/message: a chat completion needs a message with content and tool_calls.",
    };
  if (choices.length > 1)
    notes.push(`The completion has ${choices.length} choices; only choice 0 was imported.`);
  const completion = body as unknown as OpenAIChatCompletion;
  return {
    ok: true,
    value: {
      turn: {
        format: "openai-chat",
        message: completion,
        unified: openAIChatMessageToUnified({
          content: (message.content ?? null) as string | null,
          refusal: readString(message.refusal) ?? null,
          tool_calls: (calls ??
            undefined) as OpenAIChatCompletion["choices"][number]["message"]["tool_calls"],
        }),
        stopReason: mapOpenAIChatFinishReason(isRecord(choice) ? readString(choice.finish_reason) : null, {
          content: typeof message.content === "string" ? message.content : null,
          refusal: readString(message.refusal) ?? null,
          tool_calls: Array.isArray(calls) ? calls : null,
        }),
        usage: mapOpenAIChatUsage(isRecord(completion.usage) ? completion.usage : null),
      },
    },
  };
}

function readOpenAIResponses(body: JsonObject, notes: string[]): ReadResponseOutcome {
  if (!Array.isArray(body.output) || !body.output.every(isRecord))
    return { ok: false, error: "/output: a response's output must be a list of items." };
  const response = body as unknown as OpenAIResponse;
  const instructions = readString(body.instructions);
  return {
    ok: true,
    value: {
      turn: {
        format: "openai-responses",
        message: response,
        unified: openAIResponseToUnified(response),
        stopReason: mapOpenAIResponsesStopReason(response),
        usage: mapOpenAIResponsesUsage(isRecord(response.usage) ? response.usage : null),
      },
      ...(Array.isArray(body.tools) ? { tools: readToolSpecs("openai-responses", body.tools, notes) } : {}),
      ...(instructions ? { system: instructions } : {}),
    },
  };
}

/**
 * A provider's response body (or the message a stream assembled to) as one assistant turn: the
 * body itself is the provider message, as the SDK returns it (`Message`, `ChatCompletion`,
 * `Response`), beside its unified form, stop reason and usage. `rawArguments` keeps Anthropic tool
 * arguments as streamed.
 */
export function readResponseBody(
  body: JsonObject,
  format: WireFormat,
  notes: string[],
  rawArguments?: RawArgumentsByIndex,
): ReadResponseOutcome {
  let read: ReadResponseOutcome;
  switch (format) {
    case "anthropic":
      read = readAnthropic(body, rawArguments);
      break;
    case "openai-chat":
      read = readOpenAIChat(body, notes);
      break;
    case "openai-responses":
      read = readOpenAIResponses(body, notes);
      break;
    default:
      return assertNever(format, "wire format");
  }
  const model = readString(body.model);
  return read.ok && model ? { ok: true, value: { ...read.value, model } } : read;
}

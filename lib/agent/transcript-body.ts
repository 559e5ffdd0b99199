import "server-only";
import type { MessageCreateParamsNonStreaming } from "@anthropic-ai/sdk/resources/messages/messages";
import { buildAnthropicRequest } from "@/lib/protocol/anthropic/convert";
import { buildOpenAIChatRequest } from "@/lib/protocol/openai-chat/convert";
import type { OpenAIChatMessageParam, OpenAIChatTool } from "@/lib/protocol/openai-chat/types";
import { adaptMessagesToFormat } from "@/lib/protocol/cross-format";
import { buildOpenAIResponsesRequest } from "@/lib/protocol/openai-responses/convert";
import type { OpenAIResponsesInputItem, OpenAIResponsesTool } from "@/lib/protocol/openai-responses/types";
import { assertNever, type UnifiedMessage } from "@/lib/protocol/unified";
import type { ToolDefinition } from "@/lib/trace/config";
import { projectTranscript, type TranscriptView } from "@/lib/trace/transcript";
import { refuse, succeed, type Outcome } from "./outcome";
import type { Runtime } from "./runtime";

export const TRANSCRIPT_FORMATS = ["anthropic", "openai-chat", "openai-responses", "unified"] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/**
 * Anthropic's `{ system, tools, messages }`. Typed with the SDK's own request types: the pure
 * layer's types are wider (a block it does not model is kept raw), and this body is what the SDK
 * would send.
 */
export interface AnthropicTranscriptBody {
  system?: string;
  tools?: NonNullable<MessageCreateParamsNonStreaming["tools"]>;
  messages: MessageCreateParamsNonStreaming["messages"];
}

/** Chat Completions' `{ tools, messages }`, the system prompt as the first message. */
export interface OpenAIChatTranscriptBody {
  tools?: OpenAIChatTool[];
  messages: OpenAIChatMessageParam[];
}

/** Responses' `{ instructions, tools, input }`. */
export interface OpenAIResponsesTranscriptBody {
  instructions?: string;
  tools?: OpenAIResponsesTool[];
  input: OpenAIResponsesInputItem[];
}

/** The provider-neutral `{ system, tools, messages }`; tools as the session records them. */
export interface UnifiedTranscriptBody {
  system: string;
  tools: ToolDefinition[];
  messages: UnifiedMessage[];
}

/**
 * `notes`: what of the conversation the format cannot carry and was converted or left out, and
 * why (`lib/protocol/cross-format`); empty for the unified form.
 */
export type TranscriptBody = (
  | { format: "anthropic"; body: AnthropicTranscriptBody }
  | { format: "openai-chat"; body: OpenAIChatTranscriptBody }
  | { format: "openai-responses"; body: OpenAIResponsesTranscriptBody }
  | { format: "unified"; body: UnifiedTranscriptBody }
) & { notes: string[] };

/** `build*Request` needs a model; it is dropped from the body. */
const PLACEHOLDER_MODEL = "model";

/**
 * A transcript as the request body a provider would be sent, written by the same `build*Request`
 * functions the providers use, keeping only the keys docs/api.md lists: `model`, `max_tokens`,
 * `stream`, `tool_choice` and `parallel_tool_calls` are left out. As in a real request, `tools`
 * is absent when there are none and the system prompt (`system`, the first chat message,
 * `instructions`) when it is empty. Blocks the format has no place for are converted or left
 * out first, each with a note (`adaptMessagesToFormat`). The unified body always has all three
 * keys. Pure.
 */
export function buildTranscriptBody(view: TranscriptView, format: TranscriptFormat): TranscriptBody {
  const messages = view.messages.map(({ role, content }) => ({ role, content }));
  if (format === "unified")
    return { format, body: { system: view.system, tools: view.tools, messages }, notes: [] };
  const adapted = adaptMessagesToFormat(messages, format);
  const notes = adapted.notes;
  const input = {
    model: PLACEHOLDER_MODEL,
    system: view.system,
    tools: view.tools,
    messages: adapted.messages,
  };
  switch (format) {
    case "anthropic": {
      const { system, tools, messages: sent } = buildAnthropicRequest({ ...input, maxTokens: 1 });
      const body = {
        ...(tools ? { tools } : {}),
        ...(system !== undefined ? { system } : {}),
        messages: sent,
      };
      return { format, body: body as unknown as AnthropicTranscriptBody, notes };
    }
    case "openai-chat": {
      const { tools, messages: sent } = buildOpenAIChatRequest(input);
      return { format, body: { ...(tools ? { tools } : {}), messages: sent }, notes };
    }
    case "openai-responses": {
      const { tools, instructions, input: items } = buildOpenAIResponsesRequest(input);
      return {
        format,
        body: {
          ...(tools ? { tools } : {}),
          ...(instructions !== undefined ? { instructions } : {}),
          input: items,
        },
        notes,
      };
    }
    default:
      return assertNever(format, "transcript format");
  }
}

/**
 * `GET /api/sessions/:id/transcript?format=&at=`: the conversation as of event `at` (default:
 * latest) as {@link buildTranscriptBody} writes it; `not_found` for an unknown session.
 */
export function getTranscriptBody(
  runtime: Runtime,
  id: string,
  query: { format: TranscriptFormat; at?: number },
): Outcome<TranscriptBody> {
  if (!runtime.store.getSession(id)) return refuse("not_found", `No session with id ${id}.`);
  const view = projectTranscript(runtime.store.eventsForReading(id), query.at ?? Infinity);
  return succeed(buildTranscriptBody(view, query.format));
}

/**
 * Reading Chat Completions and Responses request bodies as the offline model's own request: each
 * is read into the unified form with the protocol converters, then written as an Anthropic body,
 * so the model's decisions stay format-neutral (`respondOffline`'s planners read that one form).
 * Only what the model reads is checked; anything wrong answers 400. Pure.
 */
import "server-only";
import { buildAnthropicRequest } from "@/lib/protocol/anthropic/convert";
import { isRecord } from "@/lib/protocol/json-value";
import {
  openAIChatMessagesToUnified,
  toolChoiceFromOpenAIChat,
  toolsFromOpenAIChat,
} from "@/lib/protocol/openai-chat/convert";
import type {
  OpenAIChatMessageParam,
  OpenAIChatTool,
  OpenAIChatToolChoice,
} from "@/lib/protocol/openai-chat/types";
import {
  openAIResponsesInputToUnified,
  toolChoiceFromOpenAIResponses,
  toolsFromOpenAIResponses,
  type OpenAIResponsesItemLike,
} from "@/lib/protocol/openai-responses/convert";
import type { OpenAIResponsesToolChoice } from "@/lib/protocol/openai-responses/types";
import type { ToolChoiceSpec, ToolSpec, UnifiedMessage } from "@/lib/protocol/unified";
import { parseOfflineRequest, type ParsedRequest } from "./parse-request";

const DEFAULT_MAX_TOKENS = 4096;
const CHAT_ROLES = ["system", "developer", "user", "assistant", "tool"];

/** The first problem shared by both formats (`model`, `stream`, `tools`), or null. */
function checkCommon(body: Record<string, unknown>): string | null {
  if (typeof body.model !== "string" || body.model === "") return "model: a non-empty string is required";
  if (body.stream !== undefined && typeof body.stream !== "boolean") return "stream: must be a boolean";
  if (body.tools !== undefined && !(Array.isArray(body.tools) && body.tools.every(isRecord)))
    return "tools: must be an array of objects";
  return null;
}

interface NeutralRequest {
  model: string;
  maxTokens: unknown;
  stream: boolean;
  system: string | undefined;
  tools: ToolSpec[];
  toolChoice: ToolChoiceSpec | undefined;
  messages: UnifiedMessage[];
}

/** The Anthropic body for a request read into the unified form, checked like any other. */
function toOfflineRequest(request: NeutralRequest): ParsedRequest {
  const maxTokens = typeof request.maxTokens === "number" ? request.maxTokens : DEFAULT_MAX_TOKENS;
  return parseOfflineRequest(
    buildAnthropicRequest({
      model: request.model,
      maxTokens,
      stream: request.stream,
      ...(request.system ? { system: request.system } : {}),
      tools: request.tools,
      messages: request.messages,
      ...(request.toolChoice !== undefined ? { toolChoice: request.toolChoice } : {}),
    }),
  );
}

/** Runs a reader, turning a converter's exception on an odd body into a 400 message. */
function readSafely(read: () => ParsedRequest): ParsedRequest {
  try {
    return read();
  } catch (error) {
    return {
      ok: false,
      message: `The body could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** A Chat Completions body as the offline model's request, or what is wrong with it. */
export function readOpenAIChatRequest(body: unknown): ParsedRequest {
  if (!isRecord(body)) return { ok: false, message: "The request body must be a JSON object." };
  const problem = checkCommon(body);
  if (problem) return { ok: false, message: problem };
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0)
    return { ok: false, message: "messages: a non-empty array is required" };
  const bad = messages.findIndex(
    (message) => !isRecord(message) || !CHAT_ROLES.includes(message.role as string),
  );
  if (bad >= 0)
    return { ok: false, message: `messages.${bad}.role: must be one of ${CHAT_ROLES.join(", ")}` };
  return readSafely(() => {
    const read = openAIChatMessagesToUnified(messages as OpenAIChatMessageParam[]);
    return toOfflineRequest({
      model: body.model as string,
      maxTokens: body.max_completion_tokens ?? body.max_tokens,
      stream: body.stream === true,
      system: read.system,
      tools: toolsFromOpenAIChat((body.tools ?? []) as OpenAIChatTool[]),
      toolChoice:
        body.tool_choice === undefined
          ? undefined
          : toolChoiceFromOpenAIChat(body.tool_choice as OpenAIChatToolChoice),
      messages: read.messages,
    });
  });
}

/** A Responses body as the offline model's request, or what is wrong with it. */
export function readOpenAIResponsesRequest(body: unknown): ParsedRequest {
  if (!isRecord(body)) return { ok: false, message: "The request body must be a JSON object." };
  const problem = checkCommon(body);
  if (problem) return { ok: false, message: problem };
  const input = body.input;
  if (typeof input !== "string" && !(Array.isArray(input) && input.every(isRecord)))
    return { ok: false, message: "input: a string or an array of items is required" };
  if (body.instructions !== undefined && body.instructions !== null && typeof body.instructions !== "string")
    return { ok: false, message: "instructions: must be a string" };
  return readSafely(() => {
    const read = openAIResponsesInputToUnified(
      input as string | OpenAIResponsesItemLike[],
      body.instructions as string | null,
    );
    const tools = toolsFromOpenAIResponses(
      (body.tools ?? []) as Parameters<typeof toolsFromOpenAIResponses>[0],
    );
    return toOfflineRequest({
      model: body.model as string,
      maxTokens: body.max_output_tokens,
      stream: body.stream === true,
      system: read.system,
      tools,
      toolChoice:
        body.tool_choice === undefined
          ? undefined
          : toolChoiceFromOpenAIResponses(body.tool_choice as OpenAIResponsesToolChoice),
      messages: read.messages,
    });
  });
}

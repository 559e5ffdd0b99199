/**
 * The three wire formats the offline model speaks, each as one table entry: which path it
 * answers, how it reads a request, how it writes the reply (streamed and whole), and its error
 * shapes — an HTTP error body, and the error a stream carries mid-way. Pure.
 */
import "server-only";
import type { WireFormat } from "@/lib/protocol/unified";
import { encodeMessageAsChatChunks, toChatCompletion, type EncodeContext } from "./chat-sse";
import { readOpenAIChatRequest, readOpenAIResponsesRequest } from "./openai-requests";
import { parseOfflineRequest, type ParsedRequest } from "./parse-request";
import { encodeMessageAsResponsesEvents, toResponse, type ResponsesEcho } from "./responses-sse";
import { encodeMessageAsSse, toMessageJson, type SseEvent } from "./sse";
import type { OfflineMessage } from "./types";

/** What encoding a reply needs: the time, and the request body. */
export interface WireContext extends EncodeContext {
  /** The request body as JSON (Responses echoes some of it). */
  body: Record<string, unknown>;
}

/** One wire format of the offline model (see the file comment). */
export interface OfflineWire {
  format: WireFormat;
  matches(pathname: string): boolean;
  readRequest(body: unknown): ParsedRequest;
  encodeEvents(message: OfflineMessage, context: WireContext): SseEvent[];
  encodeJson(message: OfflineMessage, context: WireContext): unknown;
  /** The JSON body of an HTTP error with this status. */
  errorBody(status: number, message: string): unknown;
  /** The event a stream carries when the server fails mid-way; `sequence` is its position. */
  overloadedEvent(sequence: number): SseEvent;
  /** Whether the event carries a piece of a tool call's arguments. */
  isArgumentDelta(event: SseEvent): boolean;
  requestIdHeader: string;
}

/** Anthropic's error `type` for an HTTP status. */
function readAnthropicErrorType(status: number): string {
  const types: Record<number, string> = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    529: "overloaded_error",
  };
  return types[status] ?? "api_error";
}

/** OpenAI's error `type` and `code` for an HTTP status. */
function readOpenAIError(status: number): { type: string; code: string | null } {
  if (status === 429) return { type: "requests", code: "rate_limit_exceeded" };
  if (status === 404) return { type: "invalid_request_error", code: "unknown_url" };
  if (status >= 400 && status < 500) return { type: "invalid_request_error", code: null };
  return { type: "server_error", code: status === 503 || status === 529 ? "server_is_overloaded" : null };
}

const OVERLOADED = "The server is overloaded (injected by the offline model). Please try again later.";

function readEcho(body: Record<string, unknown>): ResponsesEcho {
  return {
    instructions: typeof body.instructions === "string" ? body.instructions : null,
    tools: Array.isArray(body.tools) ? body.tools : [],
    tool_choice: body.tool_choice ?? "auto",
    parallel_tool_calls: body.parallel_tool_calls !== false,
  };
}

function openAIErrorBody(status: number, message: string) {
  return { error: { message, ...readOpenAIError(status), param: null } };
}

export const ANTHROPIC_WIRE: OfflineWire = {
  format: "anthropic",
  matches: (pathname) => pathname.endsWith("/v1/messages"),
  readRequest: parseOfflineRequest,
  encodeEvents: (message) => encodeMessageAsSse(message),
  encodeJson: (message) => toMessageJson(message),
  errorBody: (status, message) => ({
    type: "error",
    error: { type: readAnthropicErrorType(status), message },
  }),
  overloadedEvent: () => ({
    event: "error",
    data: JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }),
  }),
  isArgumentDelta: (event) =>
    event.data.includes('"input_json_delta"') && !event.data.includes('"partial_json":""'),
  requestIdHeader: "request-id",
};

export const OPENAI_CHAT_WIRE: OfflineWire = {
  format: "openai-chat",
  matches: (pathname) => pathname.endsWith("/chat/completions"),
  readRequest: readOpenAIChatRequest,
  encodeEvents: encodeMessageAsChatChunks,
  encodeJson: toChatCompletion,
  errorBody: openAIErrorBody,
  overloadedEvent: () => ({ event: null, data: JSON.stringify(openAIErrorBody(503, OVERLOADED)) }),
  isArgumentDelta: (event) => event.data.includes('"function":{"arguments":'),
  requestIdHeader: "x-request-id",
};

export const OPENAI_RESPONSES_WIRE: OfflineWire = {
  format: "openai-responses",
  matches: (pathname) => pathname.endsWith("/responses"),
  readRequest: readOpenAIResponsesRequest,
  encodeEvents: (message, context) =>
    encodeMessageAsResponsesEvents(message, { ...context, echo: readEcho(context.body) }),
  encodeJson: (message, context) => toResponse(message, { ...context, echo: readEcho(context.body) }, true),
  errorBody: openAIErrorBody,
  overloadedEvent: (sequence) => ({
    event: "error",
    data: JSON.stringify({ type: "error", sequence_number: sequence, ...openAIErrorBody(503, OVERLOADED) }),
  }),
  isArgumentDelta: (event) => event.event === "response.function_call_arguments.delta",
  requestIdHeader: "x-request-id",
};

/** Every format, in the order a path is matched. */
export const OFFLINE_WIRES: readonly OfflineWire[] = [
  ANTHROPIC_WIRE,
  OPENAI_CHAT_WIRE,
  OPENAI_RESPONSES_WIRE,
];

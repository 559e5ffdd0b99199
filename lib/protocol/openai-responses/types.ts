/**
 * OpenAI Responses API wire types, written here so `lib/protocol` needs no SDK.
 *
 * Response-side types describe what travels on the wire (fields the API adds later stay on the
 * object; an output item of a type this app does not model is kept whole). Request-side types are
 * exact: every body Toolscope builds is assignable to the SDK's `ResponseCreateParams` (a test
 * checks it).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */

export interface OpenAIResponsesOutputText {
  type: "output_text";
  text: string;
  annotations: unknown[];
  logprobs?: unknown[];
  [key: string]: unknown;
}

export interface OpenAIResponsesRefusal {
  type: "refusal";
  refusal: string;
}

/** A content part of an output message; other part types are kept whole. */
export type OpenAIResponsesOutputPart =
  | OpenAIResponsesOutputText
  | OpenAIResponsesRefusal
  | { type: string; text?: string; [key: string]: unknown };

export interface OpenAIResponsesOutputMessage {
  type: "message";
  id: string;
  role: "assistant";
  status: string;
  content: OpenAIResponsesOutputPart[];
  [key: string]: unknown;
}

/** A function call: `arguments` is a JSON string, exactly as the model wrote it (it may not parse). */
export interface OpenAIResponsesFunctionCall {
  type: "function_call";
  id?: string;
  call_id: string;
  name: string;
  arguments: string;
  status?: string;
  [key: string]: unknown;
}

/** An output item of a type this app does not model (reasoning, web search, …), kept raw. */
export interface OpenAIResponsesUnknownItem {
  type: string;
  [key: string]: unknown;
}

export type OpenAIResponsesOutputItem =
  OpenAIResponsesOutputMessage | OpenAIResponsesFunctionCall | OpenAIResponsesUnknownItem;

export interface OpenAIResponsesUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  total_tokens?: number | null;
  [key: string]: unknown;
}

/** A response (`object: "response"`), as returned and as `ResponseStream.finalResponse()` assembles it. */
export interface OpenAIResponse {
  id: string;
  object: "response";
  created_at: number;
  /** `completed`, `failed`, `in_progress`, `cancelled`, `queued`, `incomplete`. */
  status?: string;
  model: string;
  output: OpenAIResponsesOutputItem[];
  usage?: OpenAIResponsesUsage | null;
  error?: { code: string; message: string } | null;
  /** Why the response is `incomplete`: `max_output_tokens` or `content_filter`. */
  incomplete_details?: { reason?: string } | null;
  [key: string]: unknown;
}

/** The `error` event of a stream. */
export interface OpenAIResponsesErrorBody {
  code: string | null;
  message: string;
  param: string | null;
}

/** The stream events the fold reads, discriminated on `type` (the SSE `event:` name). */
export type OpenAIResponsesStreamEvent =
  | { type: "response.created" | "response.in_progress" | "response.queued"; response: OpenAIResponse }
  | { type: "response.completed" | "response.failed" | "response.incomplete"; response: OpenAIResponse }
  | {
      type: "response.output_item.added" | "response.output_item.done";
      output_index: number;
      item: OpenAIResponsesOutputItem;
    }
  | {
      type: "response.content_part.added" | "response.content_part.done";
      output_index: number;
      content_index: number;
      part: OpenAIResponsesOutputPart;
    }
  | {
      type: "response.output_text.delta" | "response.refusal.delta";
      output_index: number;
      content_index: number;
      delta: string;
    }
  | { type: "response.output_text.done"; output_index: number; content_index: number; text: string }
  | { type: "response.refusal.done"; output_index: number; content_index: number; refusal: string }
  | { type: "response.function_call_arguments.delta"; output_index: number; delta: string }
  | { type: "response.function_call_arguments.done"; output_index: number; arguments: string }
  | { type: "error"; error: OpenAIResponsesErrorBody };

export type OpenAIResponsesStreamEventType = OpenAIResponsesStreamEvent["type"];

export interface OpenAIResponsesInputText {
  type: "input_text";
  text: string;
}

export interface OpenAIResponsesInputImage {
  type: "input_image";
  detail: "low" | "high" | "auto" | "original";
  image_url?: string | null;
  file_id?: string | null;
}

/** A message input item. Toolscope writes assistant text as a plain string. */
export interface OpenAIResponsesInputMessage {
  type: "message";
  role: "user" | "assistant" | "system" | "developer";
  content: string | (OpenAIResponsesInputText | OpenAIResponsesInputImage)[];
}

export interface OpenAIResponsesFunctionCallInput {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
}

export interface OpenAIResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string;
}

/** A reasoning item sent back as it came (models that reason ask for it on the next turn). */
export interface OpenAIResponsesReasoningInput {
  type: "reasoning";
  id: string;
  summary: { type: "summary_text"; text: string }[];
  encrypted_content?: string | null;
}

export type OpenAIResponsesInputItem =
  | OpenAIResponsesInputMessage
  | OpenAIResponsesFunctionCallInput
  | OpenAIResponsesFunctionCallOutput
  | OpenAIResponsesReasoningInput;

export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description?: string;
  parameters: Record<string, unknown> | null;
  /** Required by the API's types; Responses reads an absent `strict` as `true`. */
  strict: boolean | null;
}

export type OpenAIResponsesToolChoice = "auto" | "required" | "none" | { type: "function"; name: string };

/** The request body, keys in the order Toolscope writes them. */
export interface OpenAIResponsesRequestBody<S extends boolean = boolean> {
  model: string;
  stream: S;
  max_output_tokens?: number;
  tools?: OpenAIResponsesTool[];
  tool_choice?: OpenAIResponsesToolChoice;
  parallel_tool_calls?: boolean;
  instructions?: string;
  input: OpenAIResponsesInputItem[];
}

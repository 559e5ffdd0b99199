/**
 * OpenAI Chat Completions wire types, written here so `lib/protocol` needs no SDK.
 *
 * Response-side types describe what travels on the wire (fields the API adds later stay on the
 * object through index signatures). Request-side types are exact: every body Toolscope builds is
 * assignable to the SDK's own `ChatCompletionCreateParams` (a test checks it).
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */

/** A function tool call, in a response message or an assistant request message. */
export interface OpenAIChatToolCall {
  id: string;
  type: "function";
  /** `arguments` is a JSON string, exactly as the model wrote it (it may not parse). */
  function: { name: string; arguments: string };
}

/** The assistant message of a choice, as the API returns it and `finalChatCompletion()` assembles it. */
export interface OpenAIChatResponseMessage {
  role: "assistant";
  content: string | null;
  refusal: string | null;
  tool_calls?: OpenAIChatToolCall[];
  /** Deprecated single function call (before `tool_calls`). */
  function_call?: { name: string; arguments: string };
  [key: string]: unknown;
}

export interface OpenAIChatLogprobs {
  content?: unknown[] | null;
  refusal?: unknown[] | null;
  [key: string]: unknown;
}

export interface OpenAIChatChoice {
  index: number;
  message: OpenAIChatResponseMessage;
  /** `stop`, `length`, `tool_calls`, `content_filter`, `function_call`; `null` while streaming. */
  finish_reason: string | null;
  logprobs: OpenAIChatLogprobs | null;
  [key: string]: unknown;
}

export interface OpenAIChatUsage {
  prompt_tokens?: number | null;
  completion_tokens?: number | null;
  total_tokens?: number | null;
  [key: string]: unknown;
}

/** A chat completion (`object: "chat.completion"`). */
export interface OpenAIChatCompletion {
  id: string;
  object: "chat.completion";
  created: number;
  model: string;
  choices: OpenAIChatChoice[];
  usage?: OpenAIChatUsage | null;
  system_fingerprint?: string;
  [key: string]: unknown;
}

/** One tool call fragment of a chunk: `id`, `type` and `function.name` only in the first one of its `index`. */
export interface OpenAIChatToolCallDelta {
  index: number;
  id?: string | null;
  type?: "function" | null;
  function?: { name?: string | null; arguments?: string | null };
  [key: string]: unknown;
}

export interface OpenAIChatDelta {
  role?: string | null;
  content?: string | null;
  refusal?: string | null;
  tool_calls?: OpenAIChatToolCallDelta[] | null;
  function_call?: { name?: string | null; arguments?: string | null } | null;
  [key: string]: unknown;
}

export interface OpenAIChatChunkChoice {
  index: number;
  delta: OpenAIChatDelta;
  finish_reason?: string | null;
  logprobs?: OpenAIChatLogprobs | null;
  [key: string]: unknown;
}

/** One `data:` line of a stream (`object: "chat.completion.chunk"`); the usage chunk has `choices: []`. */
export interface OpenAIChatChunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: OpenAIChatChunkChoice[];
  usage?: OpenAIChatUsage | null;
  system_fingerprint?: string | null;
  [key: string]: unknown;
}

/** An error carried in a stream's data (`{ "error": { … } }`), as the SDK reads it. */
export interface OpenAIChatErrorBody {
  message: string;
  type: string | null;
  code: string | null;
  param?: string | null;
}

export interface OpenAIChatTextPart {
  type: "text";
  text: string;
}

export interface OpenAIChatRefusalPart {
  type: "refusal";
  refusal: string;
}

export interface OpenAIChatImagePart {
  type: "image_url";
  image_url: { url: string; detail?: "auto" | "low" | "high" };
}

/** The user content parts Toolscope carries besides text (kept raw in the unified form). */
export type OpenAIChatUserPart = OpenAIChatTextPart | OpenAIChatImagePart;

export type OpenAIChatMessageParam =
  | { role: "system"; content: string | OpenAIChatTextPart[] }
  | { role: "developer"; content: string | OpenAIChatTextPart[] }
  | { role: "user"; content: string | OpenAIChatUserPart[] }
  | {
      role: "assistant";
      content?: string | (OpenAIChatTextPart | OpenAIChatRefusalPart)[] | null;
      refusal?: string | null;
      tool_calls?: OpenAIChatToolCall[];
    }
  | { role: "tool"; tool_call_id: string; content: string | OpenAIChatTextPart[] };

export interface OpenAIChatTool {
  type: "function";
  function: {
    name: string;
    description?: string;
    parameters?: Record<string, unknown>;
    strict?: boolean | null;
  };
}

export type OpenAIChatToolChoice =
  "auto" | "required" | "none" | { type: "function"; function: { name: string } };

/** The request body, keys in the order Toolscope writes them. */
export interface OpenAIChatRequestBody<S extends boolean = boolean> {
  model: string;
  stream: S;
  stream_options?: { include_usage: boolean };
  max_completion_tokens?: number;
  tools?: OpenAIChatTool[];
  tool_choice?: OpenAIChatToolChoice;
  parallel_tool_calls?: boolean;
  messages: OpenAIChatMessageParam[];
}

/**
 * Anthropic Messages API wire types, written here so `lib/protocol` needs no SDK.
 *
 * They describe what travels on the wire, not what a client wishes it were: a field the API adds
 * later stays on the object (the index signatures), and a block type this app does not know is
 * kept whole as an {@link AnthropicUnknownBlock}.
 *
 * @see https://platform.claude.com/docs/en/api/messages
 * @see https://platform.claude.com/docs/en/build-with-claude/streaming
 */

export interface AnthropicTextBlock {
  type: "text";
  text: string;
  citations?: unknown[] | null;
}

export interface AnthropicThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

export interface AnthropicRedactedThinkingBlock {
  type: "redacted_thinking";
  data: string;
}

export interface AnthropicToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  /** The parsed arguments object. */
  input: unknown;
  /** Who called the tool (`{ type: "direct" }`), on newer responses. */
  caller?: unknown;
}

export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  /** A string, or content blocks (text, image, …). */
  content?: string | { type: string; text?: string; [key: string]: unknown }[];
  /** Sent only when true. */
  is_error?: boolean;
}

/** A block type this app does not model (server tools, images, documents, …), kept raw. */
export interface AnthropicUnknownBlock {
  type: string;
  [key: string]: unknown;
}

/** The block types Toolscope understands; everything else is an {@link AnthropicUnknownBlock}. */
export type AnthropicKnownBlock =
  | AnthropicTextBlock
  | AnthropicThinkingBlock
  | AnthropicRedactedThinkingBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock;

export type AnthropicContentBlock = AnthropicKnownBlock | AnthropicUnknownBlock;

export const KNOWN_BLOCK_TYPES = [
  "text",
  "thinking",
  "redacted_thinking",
  "tool_use",
  "tool_result",
] as const;

/** Narrows a block to the types this app models; an unknown type is kept raw elsewhere. */
export function isKnownBlock(block: AnthropicContentBlock): block is AnthropicKnownBlock {
  return (KNOWN_BLOCK_TYPES as readonly string[]).includes(block.type);
}

export interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  [key: string]: unknown;
}

/** A response message, as the API returns it and as the SDK's `finalMessage()` assembles it. */
export interface AnthropicMessage {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: AnthropicContentBlock[];
  stop_reason: string | null;
  stop_sequence: string | null;
  usage: AnthropicUsage;
  [key: string]: unknown;
}

/** One entry of the request's `messages`. */
export interface AnthropicMessageParam {
  role: "user" | "assistant";
  content: string | AnthropicContentBlock[];
}

export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  strict?: boolean;
}

export type AnthropicToolChoice =
  | { type: "auto"; disable_parallel_tool_use?: boolean }
  | { type: "any"; disable_parallel_tool_use?: boolean }
  | { type: "tool"; name: string; disable_parallel_tool_use?: boolean }
  | { type: "none" };

/** The request body, keys in the order Toolscope writes them. */
export interface AnthropicRequestBody {
  model: string;
  max_tokens: number;
  stream: boolean;
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  system?: string;
  messages: AnthropicMessageParam[];
}

export interface AnthropicErrorBody {
  type: string;
  message: string;
}

export type AnthropicDelta =
  | { type: "text_delta"; text: string }
  | { type: "input_json_delta"; partial_json: string }
  | { type: "thinking_delta"; thinking: string }
  | { type: "signature_delta"; signature: string }
  | { type: "citations_delta"; citation: unknown }
  /** The compaction block's final value (`content: null` when compaction failed); beta. */
  | { type: "compaction_delta"; content: string | null; encrypted_content?: unknown };

/** The events of a streamed response, discriminated on `type` (the SSE `event:` name). */
export type AnthropicStreamEvent =
  | { type: "message_start"; message: AnthropicMessage }
  | { type: "content_block_start"; index: number; content_block: AnthropicContentBlock }
  | { type: "content_block_delta"; index: number; delta: AnthropicDelta }
  | { type: "content_block_stop"; index: number }
  | {
      type: "message_delta";
      delta: { stop_reason?: string | null; stop_sequence?: string | null; [key: string]: unknown };
      usage?: AnthropicUsage;
      /** What context editing did to the request (beta); beside `delta`, not in it. */
      context_management?: unknown;
      input_transformations?: unknown;
    }
  | { type: "message_stop" }
  | { type: "ping" }
  | { type: "error"; error: AnthropicErrorBody };

export type AnthropicStreamEventType = AnthropicStreamEvent["type"];

/**
 * The provider-neutral message form (docs/architecture.md, "Unified model").
 *
 * A unified message is `{ role, content: Block[] }`; the system prompt and the tools sit beside
 * the messages. Tool results always come first in their message.
 */

export type Role = "user" | "assistant";

export interface TextBlock {
  type: "text";
  text: string;
}

export interface ThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

export interface RedactedThinkingBlock {
  type: "redacted_thinking";
  data: string;
}

export interface ToolCallBlock {
  type: "toolCall";
  id: string;
  name: string;
  /** The parsed arguments object, or `null` when `rawArguments` does not parse. */
  arguments: unknown;
  /** The arguments exactly as streamed (a JSON string). */
  rawArguments: string;
}

/** The error kinds a tool result may carry (docs/architecture.md, "The tool pipeline"). */
export const ERROR_KINDS = [
  "unknown_tool",
  "invalid_arguments",
  "schema_validation_error",
  "blocked_by_policy",
  "denied_by_user",
  "batch_aborted",
  "execution_error",
  "timeout",
  "hook_error",
  "interrupted",
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface ToolResultBlock {
  type: "toolResult";
  toolCallId: string;
  content: string;
  isError: boolean;
  /** Toolscope's own: why the harness refused or failed the call. Not sent to providers. */
  errorKind?: ErrorKind;
  /** Toolscope's own: the harness's advice on what to do next. Not sent to providers. */
  hint?: string;
}

/** A block type this app does not know yet, kept raw so nothing is lost. */
export interface UnknownBlock {
  type: "unknown";
  raw: unknown;
}

export type Block =
  TextBlock | ThinkingBlock | RedactedThinkingBlock | ToolCallBlock | ToolResultBlock | UnknownBlock;

export interface UnifiedMessage {
  role: Role;
  content: Block[];
}

/**
 * Why the model stopped, normalized. `raw` keeps the provider's own value; a value the
 * provider adds later maps to `other` and is never an error.
 */
export type UnifiedStopReason =
  "end_turn" | "tool_use" | "max_tokens" | "stop_sequence" | "refusal" | "pause_turn" | "other";

export interface StopReason {
  unified: UnifiedStopReason;
  raw: string | null;
}

export interface Usage {
  inputTokens: number | null;
  outputTokens: number | null;
}

/** The three wire formats Toolscope speaks. */
export type WireFormat = "anthropic" | "openai-chat" | "openai-responses";

export function assertNever(value: never, what = "value"): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}

/**
 * What every provider needs of a tool definition. `lib/trace`'s `ToolDefinition` is one (with
 * Toolscope's own fields besides), so adapters in this pure layer take this shape instead.
 */
export interface ToolSpec {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
  strict?: boolean;
}

/** Which tool the model must call: the same values as `lib/trace`'s `ToolChoice`. */
export type ToolChoiceSpec = "auto" | "any" | "none" | { name: string };

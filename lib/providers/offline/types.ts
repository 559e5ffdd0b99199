/**
 * The slice of the Anthropic Messages API the offline model reads and writes. The request types
 * are loose on purpose, so the SDK's own `MessageCreateParams` values are assignable to them;
 * the response types are exactly what the offline model sends.
 *
 * @see https://docs.anthropic.com/en/api/messages
 */

/** Any request content block; narrow with the guards in `read-request.ts`. */
export interface OfflineBlockParam {
  readonly type: string;
}

export interface OfflineMessageParam {
  readonly role: "user" | "assistant" | "system";
  readonly content: string | readonly OfflineBlockParam[];
}

/**
 * A tool as sent in the request. Server tools may lack a name or schema; the offline model only
 * uses tools with a name (`listNamedTools`). `meta` is Toolscope's, read when present.
 */
export interface OfflineToolInput {
  readonly type?: string | null;
  readonly name?: string;
  readonly description?: string;
  readonly input_schema?: unknown;
  readonly meta?: { readonly readOnly?: boolean };
}

/** A request tool that has a name, the only kind the offline model calls. */
export interface OfflineToolParam extends OfflineToolInput {
  readonly name: string;
}

/** `disable_parallel_tool_use` limits a reply to one tool call, as the API's does. */
export type OfflineToolChoice =
  | { readonly type: "auto"; readonly disable_parallel_tool_use?: boolean }
  | { readonly type: "any"; readonly disable_parallel_tool_use?: boolean }
  | { readonly type: "none" }
  | { readonly type: "tool"; readonly name: string; readonly disable_parallel_tool_use?: boolean };

/** An Anthropic Messages request body. `stream` does not change what the model says. */
export interface OfflineRequest {
  readonly model: string;
  readonly max_tokens: number;
  readonly system?: string | readonly OfflineBlockParam[];
  readonly tools?: readonly OfflineToolInput[];
  readonly tool_choice?: OfflineToolChoice;
  readonly messages: readonly OfflineMessageParam[];
  readonly stream?: boolean;
}

export interface OfflineTextBlock {
  type: "text";
  text: string;
}

/** Thinking before the answer, with the signature the API returns to verify it on the next turn. */
export interface OfflineThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

export interface OfflineToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: Record<string, unknown>;
  /**
   * Toolscope's own, never sent as a field: the arguments text the wires stream when it is not
   * `input`'s JSON — a script's `rawArguments` (a model's malformed output), and the text sent
   * before a `max_tokens` cut. After a cut, `input` is that text partly parsed, as the SDK's
   * accumulator reads it.
   */
  rawJson?: string;
}

export type OfflineContentBlock = OfflineTextBlock | OfflineThinkingBlock | OfflineToolUseBlock;

export type OfflineStopReason = "end_turn" | "tool_use" | "max_tokens";

/** The assistant message, as the non-streaming API returns it and a stream assembles to. */
export interface OfflineMessage {
  id: string;
  type: "message";
  role: "assistant";
  model: string;
  content: OfflineContentBlock[];
  stop_reason: OfflineStopReason;
  stop_sequence: null;
  usage: {
    input_tokens: number;
    output_tokens: number;
    /** Only when the caller modelled a prompt cache (a capture's offline upstream): then `input_tokens` is the uncached rest. */
    cache_creation_input_tokens?: number;
    cache_read_input_tokens?: number;
  };
}

/** Per-tool metadata the request body cannot carry, keyed by tool name. */
export type OfflineToolMeta = Readonly<Record<string, { readonly readOnly?: boolean }>>;

export interface RespondOptions {
  toolMeta?: OfflineToolMeta;
  /** The planners to ask, in order; defaults to `DEFAULT_PLANNERS` (see `plan.ts`). */
  planners?: readonly OfflinePlanner[];
}

/** A block the model decided to say, before ids are attached. */
export type PlannedBlock =
  | { type: "text"; text: string }
  | {
      type: "tool_use";
      name: string;
      input: Record<string, unknown>;
      /**
       * The arguments text to stream instead of `input`'s JSON, exactly as written: a model's own
       * malformed output (`{"city": "Paris",}`). Every wire sends it as is; `input` is what a
       * non-streaming Anthropic body carries.
       */
      rawArguments?: string;
    };

/** What a planner decided: the blocks of the reply, in order. */
export interface OfflineReply {
  blocks: PlannedBlock[];
  /**
   * Thinking before the first block: a `thinking` block with a signature (Anthropic), a
   * `reasoning` item with a summary (Responses); Chat Completions has no such block and drops it.
   */
  thinking?: string;
  /**
   * End the message at `max_tokens`: the last block stops after `cutAfterChars` characters (code
   * points) of its text, or of its input JSON as the Anthropic wire spaces it
   * (`{"path": "notes/todo.md"}`). Anthropic's `stop_reason` is then `max_tokens`, Chat's
   * `finish_reason` `length`, and a Responses response `incomplete` (`max_output_tokens`).
   */
  maxTokensCut?: { cutAfterChars: number };
}

/** What every planner gets besides the request. */
export interface PlannerContext {
  /** Whether the tool is read-only, from `toolMeta` or the tool's own `meta`. */
  isReadOnly(tool: OfflineToolParam): boolean;
}

/**
 * One way of deciding the reply. Returns `null` to let the next planner decide. This is the seam
 * for scripted scenarios and for "correct itself once after a schema_validation_error": each is a
 * planner placed before the defaults.
 */
export type OfflinePlanner = (request: OfflineRequest, context: PlannerContext) => OfflineReply | null;

/**
 * One provider-neutral vocabulary for a model stream (docs/architecture.md, "Stream parts"): each
 * wire's decoded SSE events become a list of these parts, so the stream scrubber, the partial
 * turn and the graph read the three wires the same way. Modelled on the Vercel AI SDK's
 * `LanguageModelV2StreamPart`; pure types.
 *
 * Every block part carries an `id` that names its block within one attempt (a content block
 * index, a tool call index, an output item and part index — whatever the wire keys it by);
 * a block's parts come in the order start, deltas, end.
 */
import type { StopReason, Usage, WireFormat } from "./unified";

/** The response began: its id and model as the wire names them. */
export interface StreamStartPart {
  type: "stream-start";
  responseId: string | null;
  model: string | null;
}

/** Text, or a refusal (OpenAI streams a refusal as its own text). */
export interface TextStartPart {
  type: "text-start";
  id: string;
  refusal: boolean;
}
export interface TextDeltaPart {
  type: "text-delta";
  id: string;
  delta: string;
}
export interface TextEndPart {
  type: "text-end";
  id: string;
}

/** Reasoning (Anthropic thinking, a Responses reasoning summary); `redacted` holds opaque data. */
export interface ReasoningStartPart {
  type: "reasoning-start";
  id: string;
  redacted: string | null;
}
export interface ReasoningDeltaPart {
  type: "reasoning-delta";
  id: string;
  delta: string;
}
/** `signature`: Anthropic's thinking signature, or a Responses item's `encrypted_content`. */
export interface ReasoningEndPart {
  type: "reasoning-end";
  id: string;
  signature: string | null;
}

/**
 * A tool call's input starts streaming. `providerExecuted`: the provider runs the tool itself
 * (Anthropic `server_tool_use`), so no result is owed by the harness.
 */
export interface ToolInputStartPart {
  type: "tool-input-start";
  id: string;
  toolCallId: string;
  toolName: string;
  providerExecuted: boolean;
}
/** A piece of the raw argument text, exactly as streamed. */
export interface ToolInputDeltaPart {
  type: "tool-input-delta";
  id: string;
  delta: string;
}
export interface ToolInputEndPart {
  type: "tool-input-end";
  id: string;
}
/** The call is complete: `input` is the whole raw argument text (JSON for function tools). */
export interface ToolCallPart {
  type: "tool-call";
  id: string;
  toolCallId: string;
  toolName: string;
  input: string;
}

/**
 * A block or item the vocabulary has no part for (a server tool's result, a web search call, an
 * MCP call…): its raw value as started (`done: false`) and as finished (`done: true`).
 */
export interface OtherPart {
  type: "other";
  id: string;
  blockType: string;
  raw: unknown;
  done: boolean;
}

/** Token counts as the wire reports them so far (whole-message totals, not increments). */
export interface UsagePart {
  type: "usage";
  usage: Usage;
}

/** The stream ended as the wire says a stream ends, with why the model stopped. */
export interface FinishPart {
  type: "finish";
  stopReason: StopReason;
}

/** An error the wire carried mid-stream. */
export interface ErrorPart {
  type: "error";
  code: string | null;
  message: string;
}

export type StreamPart =
  | StreamStartPart
  | TextStartPart
  | TextDeltaPart
  | TextEndPart
  | ReasoningStartPart
  | ReasoningDeltaPart
  | ReasoningEndPart
  | ToolInputStartPart
  | ToolInputDeltaPart
  | ToolInputEndPart
  | ToolCallPart
  | OtherPart
  | UsagePart
  | FinishPart
  | ErrorPart;

export type StreamPartType = StreamPart["type"];

/**
 * One step of a wire's parts function: the wire's own assembly state after the event, the parts
 * the event produced (often none: a ping, a keep-alive) and what the wire's fold noted.
 */
export interface StreamPartsStep<S> {
  state: S;
  parts: readonly StreamPart[];
  notes: readonly string[];
}

export type { WireFormat };

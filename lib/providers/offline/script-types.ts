/**
 * A script for the offline model: model turns written in advance (a lesson's, see
 * docs/api.md "Scenarios"). The offline model reads only this; whatever else a lesson carries
 * (its course text, policy, steps) lives in lib/lessons, which sits above lib/providers
 * (docs/architecture.md, "Layers and who may import whom").
 *
 * A script drives only the model. Every stage, decision and result still comes from the real
 * pipeline, so a lesson shows exactly what would happen to a real model that said the same thing.
 */
import type { ToolResultView } from "./read-request";
import type { OfflineReply, OfflineRequest } from "./types";

/** What a scripted turn sees of the request: the turn number, the user's text and the results. */
export interface ScriptView {
  /** 0 for the first model turn of the session, counting every assistant message before it. */
  turn: number;
  /** The last user text message (the lesson's message that started this run). */
  userText: string;
  /**
   * The tool results in the last user message, in order (empty when it carries none). Only the
   * Anthropic wire carries an error flag: on the OpenAI wires `isError` is always false, so a
   * script that branches on failure reads the result's `content` (as a real model must).
   */
  results: readonly ToolResultView[];
  request: OfflineRequest;
}

/**
 * A model turn of the script. Besides text and tool_use blocks, a scripted reply may carry
 * `thinking` blocks and end as `max_tokens` (see `ScriptedReply`). Returning `null` lets the
 * offline model's default planners answer.
 */
export type ScriptTurn = (view: ScriptView) => ScriptedReply | null;

/**
 * A scripted model turn: text and tool_use blocks, optional `thinking` before them, and an
 * optional `maxTokensCut` that ends the message at `max_tokens` inside its last block (see
 * `OfflineReply`, where both fields live so every wire format can send them).
 */
export type ScriptedReply = OfflineReply;

/**
 * Model turns by `ScriptView.turn` (0 for the session's first model turn); a missing turn or
 * `null` falls back to the offline model's defaults.
 */
export type OfflineScript = readonly (ScriptTurn | null)[];

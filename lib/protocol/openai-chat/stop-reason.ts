/**
 * Chat Completions `finish_reason` and `usage` in unified form.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
import type { StopReason, UnifiedStopReason, Usage } from "@/lib/protocol/unified";
import type { OpenAIChatUsage } from "./types";

const FINISH_REASONS: Readonly<Record<string, UnifiedStopReason>> = {
  stop: "end_turn",
  tool_calls: "tool_use",
  function_call: "tool_use",
  length: "max_tokens",
  content_filter: "refusal",
};

/** What of the choice's message tells a refusal from an ordinary end. */
export interface OpenAIChatStopMessage {
  content?: string | null;
  refusal?: string | null;
  tool_calls?: readonly unknown[] | null;
}

/**
 * `stop` → `end_turn`, `tool_calls` (and the deprecated `function_call`) → `tool_use`, `length` →
 * `max_tokens`, `content_filter` → `refusal`; anything else (a value added later, `null` for a
 * stream cut before its `finish_reason`) → `other`. `raw` keeps the value as sent. Never throws.
 * (`stop` also covers a matched stop sequence: the API does not tell them apart.) Given the
 * message, a `stop` whose message holds only a refusal (no text, no tool call) is `refusal`, as a
 * Responses output of only refusals is.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-choices
 */
export function mapOpenAIChatFinishReason(
  raw: string | null | undefined,
  message?: OpenAIChatStopMessage | null,
): StopReason {
  const value = raw ?? null;
  const unified = value !== null && Object.hasOwn(FINISH_REASONS, value) ? FINISH_REASONS[value]! : "other";
  if (unified === "end_turn" && isOnlyRefusal(message)) return { unified: "refusal", raw: value };
  return { unified, raw: value };
}

function isOnlyRefusal(message: OpenAIChatStopMessage | null | undefined): boolean {
  return (
    typeof message?.refusal === "string" &&
    message.refusal !== "" &&
    !message.content &&
    (message.tool_calls ?? []).length === 0
  );
}

function readCount(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * Chat usage as unified `{ inputTokens, outputTokens }`: `prompt_tokens` (which already counts
 * cached tokens) and `completion_tokens` (which already counts reasoning tokens). A counter that
 * is absent is `null`, not 0 — as in a stream sent without `stream_options.include_usage`.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object#chat/object-usage
 */
export function mapOpenAIChatUsage(usage: OpenAIChatUsage | null | undefined): Usage {
  return { inputTokens: readCount(usage?.prompt_tokens), outputTokens: readCount(usage?.completion_tokens) };
}

/**
 * Anthropic's `stop_reason` and `usage` in unified form.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons
 */
import type { StopReason, UnifiedStopReason, Usage } from "@/lib/protocol/unified";
import type { AnthropicUsage } from "./types";

/** The stop reasons with a unified name of their own; each maps to itself. */
const SAME_NAME: ReadonlySet<string> = new Set<UnifiedStopReason>([
  "end_turn",
  "tool_use",
  "max_tokens",
  "stop_sequence",
  "refusal",
  "pause_turn",
]);

/**
 * `end_turn`, `tool_use`, `max_tokens`, `stop_sequence`, `refusal` and `pause_turn` map to
 * themselves; anything else (`model_context_window_exceeded`, a value added next month, `null`
 * for a stream cut before `message_delta`) maps to `other`. `raw` always keeps the value as
 * sent. Never throws.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons
 * @see https://platform.claude.com/docs/en/api/messages#response-stop-reason
 */
export function mapAnthropicStopReason(raw: string | null | undefined): StopReason {
  const value = raw ?? null;
  if (value !== null && SAME_NAME.has(value)) return { unified: value as UnifiedStopReason, raw: value };
  return { unified: "other", raw: value };
}

function readCount(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * Anthropic usage as unified `{ inputTokens, outputTokens }`. `inputTokens` counts every input
 * token the request was billed for: `input_tokens` plus the cache reads and cache writes, which
 * Anthropic reports apart from it. A counter that is absent is `null`, not 0.
 *
 * @see https://platform.claude.com/docs/en/build-with-claude/prompt-caching#tracking-cache-performance
 */
export function mapAnthropicUsage(usage: AnthropicUsage | null | undefined): Usage {
  const input = readCount(usage?.input_tokens);
  const cached =
    (readCount(usage?.cache_read_input_tokens) ?? 0) + (readCount(usage?.cache_creation_input_tokens) ?? 0);
  return {
    inputTokens: input === null ? null : input + cached,
    outputTokens: readCount(usage?.output_tokens),
  };
}

/**
 * A response's stop reason and usage in unified form. Responses has no `finish_reason`: why the
 * model stopped is read from `status`, `incomplete_details` and what the output holds.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */
import type { StopReason, Usage } from "@/lib/protocol/unified";
import { isClientToolCall } from "./client-tools";
import type { OpenAIResponse, OpenAIResponsesUsage } from "./types";

/**
 * `completed` with a client-side tool call in the output (`function_call`, `custom_tool_call`,
 * `shell_call`, `local_shell_call`, `apply_patch_call`, `computer_call`) → `tool_use`; `completed` whose messages hold
 * only refusals → `refusal`; other `completed` → `end_turn`. `incomplete` for
 * `max_output_tokens` → `max_tokens`, for `content_filter` → `refusal`. Anything else (`failed`,
 * `cancelled`, a response cut before its end, a value added later) → `other`. `raw` is the
 * `incomplete_details.reason` of an incomplete response, else the `status` (`null` when absent).
 * Never throws.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-status
 */
export function mapOpenAIResponsesStopReason(
  response: Pick<OpenAIResponse, "status" | "incomplete_details" | "output">,
): StopReason {
  const status = response.status ?? null;
  if (status === "incomplete") {
    const reason = response.incomplete_details?.reason ?? null;
    if (reason === "max_output_tokens") return { unified: "max_tokens", raw: reason };
    if (reason === "content_filter") return { unified: "refusal", raw: reason };
    return { unified: "other", raw: reason ?? status };
  }
  if (status !== "completed") return { unified: "other", raw: status };
  if (response.output.some((item) => isClientToolCall(item))) return { unified: "tool_use", raw: status };
  const parts = response.output.flatMap((item) =>
    item.type === "message" && Array.isArray(item.content) ? item.content : [],
  );
  const refused = parts.length > 0 && parts.every((part) => (part as { type: string }).type === "refusal");
  return { unified: refused ? "refusal" : "end_turn", raw: status };
}

function readCount(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/**
 * Responses usage as unified `{ inputTokens, outputTokens }`: `input_tokens` (cached tokens
 * included) and `output_tokens` (reasoning tokens included). Absent counters are `null`.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object#responses/object-usage
 */
export function mapOpenAIResponsesUsage(usage: OpenAIResponsesUsage | null | undefined): Usage {
  return { inputTokens: readCount(usage?.input_tokens), outputTokens: readCount(usage?.output_tokens) };
}

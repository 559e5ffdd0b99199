/**
 * The capture endpoints: which path is which wire format, the client named from its `User-Agent`,
 * and the errors in each provider's own shape (so the client's SDK raises its own error class).
 */
import "server-only";
import type { AnthropicErrorBody, OpenAIErrorBody } from "@/lib/contract/capture";
import type { WireFormat } from "@/lib/protocol/unified";
import type { CaptureFamily } from "./types";

/** A capture endpoint: a model call in a wire format, or Anthropic's token count. */
export type CaptureEndpoint = { kind: "model"; format: WireFormat } | { kind: "count-tokens" };

/** The endpoint at `path` (after the base URL) of `family`, or `null`. `/v1` may be left out for OpenAI. */
export function resolveEndpoint(family: CaptureFamily, path: string): CaptureEndpoint | null {
  const clean = path.replace(/\/+$/, "");
  if (family === "anthropic") {
    if (clean === "/v1/messages") return { kind: "model", format: "anthropic" };
    if (clean === "/v1/messages/count_tokens") return { kind: "count-tokens" };
    return null;
  }
  const rest = clean.startsWith("/v1/") ? clean.slice(3) : clean;
  if (rest === "/chat/completions") return { kind: "model", format: "openai-chat" };
  if (rest === "/responses") return { kind: "model", format: "openai-responses" };
  return null;
}

const CLIENTS: readonly [RegExp, string][] = [
  [/claude-cli|claude-code|claude code/i, "Claude Code"],
  [/^Anthropic\/JS/i, "Anthropic SDK (TypeScript)"],
  [/^Anthropic\/Python/i, "Anthropic SDK (Python)"],
  [/^Anthropic\//i, "Anthropic SDK"],
  [/^OpenAI\/JS/i, "OpenAI SDK (TypeScript)"],
  [/^OpenAI\/Python/i, "OpenAI SDK (Python)"],
  [/^OpenAI\//i, "OpenAI SDK"],
  [/^Agents\/|openai-agents/i, "OpenAI Agents SDK"],
  [/^ai\/\d|(^|\s)ai-sdk\/|vercel/i, "Vercel AI SDK"],
  [/langchain/i, "LangChain"],
  [/^curl\//i, "curl"],
];

/** The client's name from its `User-Agent`: a known client's name, else its first product token. */
export function nameClient(userAgent: string | undefined): string {
  const agent = (userAgent ?? "").trim();
  if (agent === "") return "Unknown client";
  for (const [pattern, name] of CLIENTS) if (pattern.test(agent)) return name;
  return agent.split(/\s+/)[0]!.slice(0, 60);
}

const ANTHROPIC_TYPES: Readonly<Record<number, string>> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

/** An Anthropic error body. */
export function anthropicError(status: number, message: string): AnthropicErrorBody {
  return { type: "error", error: { type: ANTHROPIC_TYPES[status] ?? "api_error", message } };
}

/** An OpenAI error body. */
export function openAIError(status: number, message: string, param: string | null = null): OpenAIErrorBody {
  const type = status >= 500 ? "server_error" : "invalid_request_error";
  const code = status === 401 ? "invalid_api_key" : status === 404 ? "unknown_url" : null;
  return { error: { message, type, code, param } };
}

/** A JSON error reply in `family`'s shape. */
export function replyError(
  family: CaptureFamily,
  status: number,
  message: string,
  param: string | null = null,
) {
  const body = family === "anthropic" ? anthropicError(status, message) : openAIError(status, message, param);
  return {
    status,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  };
}

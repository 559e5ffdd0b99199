/**
 * Telling import files apart by their shape: a Toolscope export, a HAR, a `{ text }` wrapper, a
 * provider's response or request body. Anthropic and Chat Completions requests share
 * `{ model, messages }`; each field only one of them has counts as a vote.
 */
import type { WireFormat } from "@/lib/protocol/unified";
import { isOtlpTrace } from "@/lib/otel/read-otlp";
import { isMessageList, isRecord, listBlockTypes, type JsonObject } from "./shapes";

export type JsonShape =
  | { kind: "export" }
  | { kind: "har" }
  | { kind: "otlp" }
  | { kind: "text"; text: string }
  | { kind: "response"; format: WireFormat }
  | { kind: "request"; format: WireFormat; note?: string };

/** What an import accepts, for the `unprocessable` problem that answers anything else. */
export const EXPECTED_IMPORT =
  "Expected a Toolscope export, an Anthropic or OpenAI (Chat Completions or Responses) request or response body, " +
  'a raw SSE capture (text/plain, or JSON { "text": … }), a HAR file (log.entries) holding such calls, ' +
  "or an OTLP/JSON trace of GenAI spans (resourceSpans).";

const ANTHROPIC_BLOCKS = new Set(["tool_use", "tool_result", "thinking", "redacted_thinking", "document"]);
const ANTHROPIC_FIELDS = ["system", "stop_sequences", "top_k", "thinking", "metadata"];
const CHAT_FIELDS = [
  "max_completion_tokens",
  "stream_options",
  "n",
  "response_format",
  "parallel_tool_calls",
];

function detectResponse(body: JsonObject): WireFormat | null {
  if (body.type === "message" && body.role === "assistant" && Array.isArray(body.content)) return "anthropic";
  const choices = body.choices;
  if (
    body.object === "chat.completion" ||
    (Array.isArray(choices) && isRecord(choices[0]) && isRecord(choices[0].message))
  )
    return "openai-chat";
  if (body.object === "response" || (Array.isArray(body.output) && typeof body.status === "string"))
    return "openai-responses";
  return null;
}

function countAnthropicVotes(body: JsonObject, messages: JsonObject[]): number {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  return (
    ANTHROPIC_FIELDS.filter((field) => field in body).length +
    listBlockTypes(messages).filter((type) => ANTHROPIC_BLOCKS.has(type)).length +
    tools.filter((tool) => isRecord(tool) && "input_schema" in tool).length +
    (isRecord(body.tool_choice) && typeof body.tool_choice.type === "string" ? 1 : 0)
  );
}

function countChatVotes(body: JsonObject, messages: JsonObject[]): number {
  const tools = Array.isArray(body.tools) ? body.tools : [];
  return (
    CHAT_FIELDS.filter((field) => field in body).length +
    messages.filter((m) => ["system", "developer", "tool"].includes(String(m.role)) || "tool_calls" in m)
      .length +
    listBlockTypes(messages).filter((type) => type === "image_url" || type === "input_audio").length +
    tools.filter((tool) => isRecord(tool) && isRecord(tool.function)).length +
    (body.tool_choice === "required" ? 1 : 0)
  );
}

function detectRequest(body: JsonObject): JsonShape | null {
  if (isMessageList(body.messages)) {
    const anthropic = countAnthropicVotes(body, body.messages);
    const chat = countChatVotes(body, body.messages);
    if (chat > anthropic) return { kind: "request", format: "openai-chat" };
    const note =
      anthropic === chat
        ? "The request fits both Anthropic and OpenAI Chat Completions (nothing in it is only one's); it was read as Anthropic."
        : undefined;
    return { kind: "request", format: "anthropic", ...(note ? { note } : {}) };
  }
  if (typeof body.input === "string" || Array.isArray(body.input))
    return { kind: "request", format: "openai-responses" };
  return null;
}

/** The shape of a JSON import, or `null` when it is none this app reads. */
export function detectJsonShape(value: unknown): JsonShape | null {
  if (!isRecord(value)) return null;
  if (value.format === "toolscope-export") return { kind: "export" };
  if (isRecord(value.log) && Array.isArray(value.log.entries)) return { kind: "har" };
  if (isOtlpTrace(value)) return { kind: "otlp" };
  const keys = Object.keys(value);
  if (keys.length === 1 && typeof value.text === "string") return { kind: "text", text: value.text };
  const response = detectResponse(value);
  return response ? { kind: "response", format: response } : detectRequest(value);
}

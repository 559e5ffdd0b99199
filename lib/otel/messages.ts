/**
 * The conversation in the GenAI conventions' message form (`gen_ai.input.messages`,
 * `gen_ai.output.messages`, `gen_ai.system_instructions`, `gen_ai.tool.definitions`) and back.
 *
 * Parts: `text { content }`, `reasoning { content }`, `tool_call { id, name, arguments }`,
 * `tool_call_response { id, response }`. Toolscope's own extras ride along as extra part fields,
 * which the conventions' schemas allow: a reasoning part's `signature`, a call's `raw_arguments`
 * (the text as streamed, when it is not the arguments' plain JSON), and a response's
 * `is_error`, `error_kind` and `hint`, so an export imported back gives the same transcript.
 * A user message holding tool results becomes a `tool` message of the responses, then a `user`
 * message of its text, as the conventions place them.
 */
import {
  ERROR_KINDS,
  type Block,
  type ErrorKind,
  type StopReason,
  type UnifiedMessage,
} from "@/lib/protocol/unified";
import type { ToolDefinition } from "@/lib/trace/config";

export type SemconvPart = { type: string; [field: string]: unknown };
export interface SemconvMessage {
  role: string;
  parts: SemconvPart[];
  finish_reason?: string;
}

function toPart(block: Block): SemconvPart {
  switch (block.type) {
    case "text":
      return { type: "text", content: block.text };
    case "thinking":
      return { type: "reasoning", content: block.thinking, signature: block.signature };
    case "redacted_thinking":
      return { type: "redacted_reasoning", data: block.data };
    case "toolCall":
      return {
        type: "tool_call",
        id: block.id,
        name: block.name,
        arguments: block.arguments,
        ...(block.rawArguments !== JSON.stringify(block.arguments)
          ? { raw_arguments: block.rawArguments }
          : {}),
      };
    case "toolResult":
      return {
        type: "tool_call_response",
        id: block.toolCallId,
        response: block.content,
        ...(block.isError ? { is_error: true } : {}),
        ...(block.errorKind ? { error_kind: block.errorKind } : {}),
        ...(block.hint ? { hint: block.hint } : {}),
      };
    case "unknown":
      return { type: "unknown", raw: block.raw };
  }
}

/** Unified messages as the conventions' input messages. */
export function toSemconvMessages(messages: readonly UnifiedMessage[]): SemconvMessage[] {
  const out: SemconvMessage[] = [];
  for (const message of messages) {
    if (message.role === "assistant") {
      out.push({ role: "assistant", parts: message.content.map(toPart) });
      continue;
    }
    const results = message.content.filter((block) => block.type === "toolResult");
    const rest = message.content.filter((block) => block.type !== "toolResult");
    if (results.length > 0) out.push({ role: "tool", parts: results.map(toPart) });
    if (rest.length > 0) out.push({ role: "user", parts: rest.map(toPart) });
  }
  return out;
}

/** The conventions' finish reason for a stop reason. */
export function toFinishReason(stop: StopReason, cut = false): string {
  if (cut) return "error";
  switch (stop.unified) {
    case "end_turn":
    case "stop_sequence":
      return "stop";
    case "tool_use":
      return "tool_call";
    case "max_tokens":
      return "length";
    case "refusal":
      return "content_filter";
    default:
      return stop.raw ?? "other";
  }
}

/** A stop reason read back from a finish reason (`raw` keeps what the span said). */
export function fromFinishReason(reason: string | undefined): StopReason {
  const unified =
    reason === "stop"
      ? "end_turn"
      : reason === "tool_call" || reason === "tool_calls"
        ? "tool_use"
        : reason === "length"
          ? "max_tokens"
          : reason === "content_filter"
            ? "refusal"
            : "other";
  return { unified, raw: reason ?? null };
}

/** A system prompt as `gen_ai.system_instructions`. */
export const toSystemInstructions = (system: string): SemconvPart[] =>
  system ? [{ type: "text", content: system }] : [];

/** Tool definitions as `gen_ai.tool.definitions`. */
export function toToolDefinitions(tools: readonly ToolDefinition[]): SemconvPart[] {
  return tools.map((tool) => ({
    type: "function",
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    parameters: tool.input_schema,
  }));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value);
const ERROR_KIND_SET: ReadonlySet<string> = new Set(ERROR_KINDS);
export const asErrorKind = (value: unknown): ErrorKind | undefined =>
  typeof value === "string" && ERROR_KIND_SET.has(value) ? (value as ErrorKind) : undefined;

function readArguments(value: unknown): { arguments: unknown; rawArguments: string } {
  if (typeof value === "string") {
    try {
      return { arguments: JSON.parse(value), rawArguments: value };
    } catch {
      return { arguments: null, rawArguments: value };
    }
  }
  const args = value ?? {};
  return { arguments: args, rawArguments: JSON.stringify(args) };
}

/** One part read back as a block (an unknown part is kept raw). */
export function fromPart(part: SemconvPart): Block {
  switch (part.type) {
    case "text":
      return { type: "text", text: text(part.content) };
    case "reasoning":
      return { type: "thinking", thinking: text(part.content), signature: text(part.signature) };
    case "redacted_reasoning":
      return { type: "redacted_thinking", data: text(part.data) };
    case "tool_call": {
      const read = readArguments(part.arguments);
      const raw = typeof part.raw_arguments === "string" ? part.raw_arguments : read.rawArguments;
      return { type: "toolCall", id: text(part.id), name: text(part.name), ...read, rawArguments: raw };
    }
    case "tool_call_response": {
      const errorKind = asErrorKind(part.error_kind);
      return {
        type: "toolResult",
        toolCallId: text(part.id),
        content: text(part.response),
        isError: part.is_error === true,
        ...(errorKind ? { errorKind } : {}),
        ...(typeof part.hint === "string" && part.hint ? { hint: part.hint } : {}),
      };
    }
    default:
      return { type: "unknown", raw: part.type === "unknown" && "raw" in part ? part.raw : part };
  }
}

/**
 * Reads a messages attribute (structured, or a JSON string as spans carry it): a list of
 * `{ role, parts }`, or the reason it is not one.
 */
export function readSemconvMessages(
  value: unknown,
): { ok: true; messages: SemconvMessage[] } | { ok: false; error: string } {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { ok: false, error: "is not JSON" };
    }
  }
  if (!Array.isArray(parsed)) return { ok: false, error: "is not a list of messages" };
  const messages: SemconvMessage[] = [];
  for (const [index, message] of parsed.entries()) {
    if (!isRecord(message) || typeof message.role !== "string" || !Array.isArray(message.parts))
      return { ok: false, error: `holds a message (${index}) without a string role and a parts list` };
    const parts = message.parts.filter(
      (part): part is SemconvPart => isRecord(part) && typeof part.type === "string",
    );
    messages.push({
      role: message.role,
      parts,
      ...(typeof message.finish_reason === "string" ? { finish_reason: message.finish_reason } : {}),
    });
  }
  return { ok: true, messages };
}

/** Reads `gen_ai.tool.definitions` back as tool definitions (entries without a name are skipped). */
export function fromToolDefinitions(value: unknown): ToolDefinition[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isRecord).flatMap((tool) =>
    typeof tool.name === "string"
      ? [
          {
            name: tool.name,
            ...(typeof tool.description === "string" ? { description: tool.description } : {}),
            input_schema: isRecord(tool.parameters) ? tool.parameters : { type: "object" },
          },
        ]
      : [],
  );
}

/** Reads `gen_ai.system_instructions` back as a system prompt (text parts joined). */
export function fromSystemInstructions(value: unknown): string {
  const read = readSemconvMessages(
    typeof value === "string" ? `[{"role":"system","parts":${value}}]` : [{ role: "system", parts: value }],
  );
  if (!read.ok) return typeof value === "string" ? value : "";
  return read.messages[0]!.parts.filter((part) => part.type === "text")
    .map((part) => text(part.content))
    .join("\n\n");
}

import "server-only";
import { anthropicMessagesToUnified } from "@/lib/protocol/anthropic/convert";
import type { AnthropicMessageParam } from "@/lib/protocol/anthropic/types";
import { openAIChatMessagesToUnified, toolChoiceFromOpenAIChat } from "@/lib/protocol/openai-chat/convert";
import type { OpenAIChatMessageParam, OpenAIChatToolChoice } from "@/lib/protocol/openai-chat/types";
import {
  openAIResponsesInputToUnified,
  toolChoiceFromOpenAIResponses,
  type OpenAIResponsesItemLike,
} from "@/lib/protocol/openai-responses/convert";
import { isClientToolCall, isClientToolOutput } from "@/lib/protocol/openai-responses/client-tools";
import type { OpenAIResponsesToolChoice } from "@/lib/protocol/openai-responses/types";
import {
  assertNever,
  type ToolChoiceSpec,
  type ToolSpec,
  type UnifiedMessage,
  type WireFormat,
} from "@/lib/protocol/unified";
import { isBlockContent, isRecord, readString, type JsonObject } from "./shapes";
import { readToolSpecs } from "./tools";

/** A provider request body, read into the unified form. */
export interface ReadRequest {
  format: WireFormat;
  model?: string;
  system: string;
  tools: ToolSpec[];
  toolChoice?: ToolChoiceSpec;
  parallelToolCalls?: boolean;
  messages: UnifiedMessage[];
  /** Beside each assistant message, that message in the request's own form (for `turn.completed`). */
  originals: unknown[];
  /** Responses' `previous_response_id`: the input continues a stored response instead of repeating it. */
  continues?: string;
}

export type ReadRequestOutcome = { ok: true; value: ReadRequest } | { ok: false; error: string };

const fail = (error: string): ReadRequestOutcome => ({ ok: false, error });

function readAnthropicToolChoice(choice: unknown): ToolChoiceSpec | undefined {
  if (!isRecord(choice)) return undefined;
  if (choice.type === "tool" && typeof choice.name === "string") return { name: choice.name };
  return choice.type === "auto" || choice.type === "any" || choice.type === "none" ? choice.type : undefined;
}

function readAnthropic(body: JsonObject, notes: string[]): ReadRequestOutcome {
  const messages = body.messages as JsonObject[];
  const bad = messages.findIndex(
    (m) => (m.role !== "user" && m.role !== "assistant") || !isBlockContent(m.content),
  );
  if (bad !== -1)
    return fail(
      `/messages/${bad}: an Anthropic message needs role "user" or "assistant" and content (a string or blocks with a type).`,
    );
  let system = readString(body.system) ?? "";
  if (Array.isArray(body.system)) {
    system = body.system
      .flatMap((b: unknown) => (isRecord(b) && typeof b.text === "string" ? [b.text] : []))
      .join("\n\n");
    notes.push(
      "The system prompt was given as blocks; their text was joined (cache_control and other fields are not kept).",
    );
  }
  const unified = anthropicMessagesToUnified(messages as unknown as AnthropicMessageParam[]);
  const toolChoice = readAnthropicToolChoice(body.tool_choice);
  return {
    ok: true,
    value: {
      format: "anthropic",
      system,
      tools: readToolSpecs("anthropic", body.tools, notes),
      messages: unified,
      originals: messages.map((m) => (m.role === "assistant" ? m : undefined)),
      ...(toolChoice ? { toolChoice } : {}),
    },
  };
}

const CHOICE_WORDS = new Set(["auto", "required", "none"]);

function readChatToolChoice(choice: unknown): ToolChoiceSpec | undefined {
  const named = isRecord(choice) && isRecord(choice.function) && typeof choice.function.name === "string";
  return (typeof choice === "string" && CHOICE_WORDS.has(choice)) || named
    ? toolChoiceFromOpenAIChat(choice as OpenAIChatToolChoice)
    : undefined;
}

function readResponsesToolChoice(choice: unknown): ToolChoiceSpec | undefined {
  const named = isRecord(choice) && choice.type === "function" && typeof choice.name === "string";
  return (typeof choice === "string" && CHOICE_WORDS.has(choice)) || named
    ? toolChoiceFromOpenAIResponses(choice as OpenAIResponsesToolChoice)
    : undefined;
}

const CHAT_ROLES = new Set(["system", "developer", "user", "assistant", "tool"]);

function isChatMessage(m: JsonObject): boolean {
  if (typeof m.role !== "string" || !CHAT_ROLES.has(m.role)) return false;
  if (m.role === "tool" && typeof m.tool_call_id !== "string") return false;
  if (m.role === "assistant" && m.tool_calls !== undefined) {
    const calls = m.tool_calls;
    if (
      !Array.isArray(calls) ||
      !calls.every(
        (c) =>
          isRecord(c) &&
          typeof c.id === "string" &&
          isRecord(c.function) &&
          typeof c.function.name === "string" &&
          typeof c.function.arguments === "string",
      )
    )
      return false;
  }
  return m.content === undefined || m.content === null || isBlockContent(m.content);
}

function readOpenAIChat(body: JsonObject, notes: string[]): ReadRequestOutcome {
  const messages = body.messages as JsonObject[];
  const bad = messages.findIndex((m) => !isChatMessage(m));
  if (bad !== -1)
    return fail(
      `/messages/${bad}: not a Chat Completions message (role, content, tool_calls with id and function { name, arguments }, tool_call_id).`,
    );
  const { system, messages: unified } = openAIChatMessagesToUnified(
    messages as unknown as OpenAIChatMessageParam[],
  );
  const assistants = messages.filter((m) => m.role === "assistant");
  let next = 0;
  const originals = unified.map((m) => (m.role === "assistant" ? assistants[next++] : undefined));
  const toolChoice = readChatToolChoice(body.tool_choice);
  return {
    ok: true,
    value: {
      format: "openai-chat",
      system: system ?? "",
      tools: readToolSpecs("openai-chat", body.tools, notes),
      messages: unified,
      originals,
      ...(toolChoice ? { toolChoice } : {}),
      ...(typeof body.parallel_tool_calls === "boolean"
        ? { parallelToolCalls: body.parallel_tool_calls }
        : {}),
    },
  };
}

/** The role an input item's blocks take in the unified form (as `openAIResponsesInputToUnified` reads it). */
function readItemRole(item: JsonObject): "user" | "assistant" | "system" {
  if (isClientToolOutput(item)) return "user";
  if (isClientToolCall(item)) return "assistant";
  if (item.type === "message" || (item.type === undefined && typeof item.role === "string"))
    return item.role === "system" || item.role === "developer"
      ? "system"
      : item.role === "assistant"
        ? "assistant"
        : "user";
  return "assistant";
}

function readOpenAIResponses(body: JsonObject, notes: string[]): ReadRequestOutcome {
  const input = body.input;
  if (Array.isArray(input) && !input.every(isRecord))
    return fail("/input: every Responses input item must be an object.");
  const items = (typeof input === "string" ? [] : input) as JsonObject[];
  const { system, messages } = openAIResponsesInputToUnified(
    input as string | OpenAIResponsesItemLike[],
    readString(body.instructions) ?? null,
  );
  const groups: JsonObject[][] = [];
  let open = false;
  for (const item of items) {
    const role = readItemRole(item);
    if (role === "system") continue;
    if (role === "assistant" && open) groups.at(-1)!.push(item);
    else if (role === "assistant") groups.push([item]);
    open = role === "assistant";
  }
  let next = 0;
  const originals = messages.map((m) => (m.role === "assistant" ? { output: groups[next++] } : undefined));
  const continues = readString(body.previous_response_id);
  if (continues)
    notes.push(
      `The request continues a stored response (previous_response_id ${continues}): the turns before it live on OpenAI's servers and are not in this input.`,
    );
  const toolChoice = readResponsesToolChoice(body.tool_choice);
  return {
    ok: true,
    value: {
      format: "openai-responses",
      system: system ?? "",
      tools: readToolSpecs("openai-responses", body.tools, notes),
      messages,
      originals,
      ...(toolChoice ? { toolChoice } : {}),
      ...(typeof body.parallel_tool_calls === "boolean"
        ? { parallelToolCalls: body.parallel_tool_calls }
        : {}),
      ...(continues ? { continues } : {}),
    },
  };
}

function readByFormat(body: JsonObject, format: WireFormat, notes: string[]): ReadRequestOutcome {
  switch (format) {
    case "anthropic":
      return readAnthropic(body, notes);
    case "openai-chat":
      return readOpenAIChat(body, notes);
    case "openai-responses":
      return readOpenAIResponses(body, notes);
    default:
      return assertNever(format, "wire format");
  }
}

/**
 * A request body of `format` in unified form, with its system prompt, tools and tool choice.
 * Malformed messages are refused with the JSON Pointer of the first one; fields only one provider
 * has are noted when they are lost.
 */
export function readRequestBody(body: JsonObject, format: WireFormat, notes: string[]): ReadRequestOutcome {
  const read = readByFormat(body, format, notes);
  if (!read.ok) return read;
  const model = readString(body.model);
  return { ok: true, value: { ...read.value, ...(model ? { model } : {}) } };
}

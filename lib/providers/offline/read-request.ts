/**
 * Reading an Anthropic request body: the last user turn, its text, its tool results and the
 * tool calls they answer. Never throws on a block type it does not know; it skips it.
 */
import "server-only";
import type { OfflineBlockParam, OfflineMessageParam, OfflineRequest, OfflineToolParam } from "./types";

export interface ToolResultView {
  toolUseId: string;
  /** The name of the tool the answered call used, or `null` when no call has that id. */
  toolName: string | null;
  /** The answered call's arguments, when the call is found and they are an object. */
  input?: Record<string, unknown>;
  content: string;
  isError: boolean;
}

/** The request's tools that have a name, in request order. */
export function listNamedTools(request: OfflineRequest): OfflineToolParam[] {
  return (request.tools ?? []).filter((tool): tool is OfflineToolParam => typeof tool.name === "string");
}

/** Reads a field of a block whose type was already checked. */
function readField(block: OfflineBlockParam, key: string): unknown {
  return Object.hasOwn(block, key) ? (block as unknown as Record<string, unknown>)[key] : undefined;
}

/** The blocks of a message, with a string content read as one text block. */
export function listBlocks(message: OfflineMessageParam): readonly OfflineBlockParam[] {
  if (typeof message.content === "string")
    return [{ type: "text", text: message.content } as OfflineBlockParam];
  return message.content;
}

/** The text of a block list: its text blocks joined by newlines. */
function joinText(blocks: readonly OfflineBlockParam[]): string {
  const texts: string[] = [];
  for (const block of blocks) {
    const text = readField(block, "text");
    if (block.type === "text" && typeof text === "string") texts.push(text);
    else if (block.type === "image") texts.push("[image]");
    else if (block.type === "document") texts.push("[document]");
  }
  return texts.join("\n");
}

/** The index of the last message with role `user`, or -1. */
export function findLastUserIndex(request: OfflineRequest): number {
  for (let index = request.messages.length - 1; index >= 0; index--) {
    if (request.messages[index]?.role === "user") return index;
  }
  return -1;
}

/** A text block that is one tagged section (`<system-reminder>…</system-reminder>`): context a harness added. */
const TAGGED_CONTEXT = /^\s*<([A-Za-z][\w-]*)(\s[^>]*)?>[\s\S]*<\/\1>\s*$/;

function isTaggedContext(block: OfflineBlockParam): boolean {
  const text = readField(block, "text");
  return block.type === "text" && typeof text === "string" && TAGGED_CONTEXT.test(text);
}

/**
 * The text the user wrote in the last user turn ("" when there is none). Agent harnesses put
 * context beside the person's words as text blocks that are each one tagged section (Claude
 * Code's `<system-reminder>`); those are left out when other text remains.
 */
export function readUserText(request: OfflineRequest): string {
  const message = request.messages[findLastUserIndex(request)];
  if (!message) return "";
  const blocks = listBlocks(message);
  const own = blocks.filter((block) => !isTaggedContext(block));
  return joinText(own.some((block) => block.type === "text") ? own : blocks);
}

/** The content of a `tool_result` block as text: a string, or its blocks' text. */
function readResultContent(block: OfflineBlockParam): string {
  const content = readField(block, "content");
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return joinText(content as OfflineBlockParam[]);
  return "";
}

/** A `tool_use` block of an assistant message, as the offline model reads it back. */
export interface PastToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** The `tool_use` blocks of one message that have an id and a name, in order. */
function listToolCalls(message: OfflineMessageParam): PastToolCall[] {
  return listBlocks(message).flatMap((block) => {
    const id = readField(block, "id");
    const name = readField(block, "name");
    const input = readField(block, "input");
    if (block.type !== "tool_use" || typeof id !== "string" || typeof name !== "string") return [];
    const record = typeof input === "object" && input !== null && !Array.isArray(input) ? input : {};
    return [{ id, name, input: record as Record<string, unknown> }];
  });
}

/** The tool calls of the last assistant message before `userIndex` (none when it has none). */
function listCallsBefore(request: OfflineRequest, userIndex: number): PastToolCall[] {
  for (let index = userIndex - 1; index >= 0; index--) {
    const message = request.messages[index];
    if (message?.role === "assistant") return listToolCalls(message);
  }
  return [];
}

/**
 * The tool calls of the last assistant message before the last user message that made any, in
 * order (empty when none did): what a follow-up ("And in Cairo?") refers to.
 */
export function findPreviousCalls(request: OfflineRequest): PastToolCall[] {
  for (let index = findLastUserIndex(request) - 1; index >= 0; index--) {
    const message = request.messages[index];
    if (message?.role !== "assistant") continue;
    const calls = listToolCalls(message);
    if (calls.length > 0) return calls;
  }
  return [];
}

/** The `tool_result` blocks of the last user turn, in order, each with the tool it answers. */
export function readToolResults(request: OfflineRequest): ToolResultView[] {
  const userIndex = findLastUserIndex(request);
  const message = request.messages[userIndex];
  if (!message) return [];
  const calls = new Map(listCallsBefore(request, userIndex).map((call) => [call.id, call]));
  const results: ToolResultView[] = [];
  for (const block of listBlocks(message)) {
    if (block.type !== "tool_result") continue;
    const id = readField(block, "tool_use_id");
    const toolUseId = typeof id === "string" ? id : "";
    const call = calls.get(toolUseId);
    results.push({
      toolUseId,
      toolName: call?.name ?? null,
      ...(call ? { input: call.input } : {}),
      content: readResultContent(block),
      isError: readField(block, "is_error") === true,
    });
  }
  return results;
}

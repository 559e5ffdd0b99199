/**
 * Checking a request body at the offline model's boundary, as the real API would, so a bad body
 * gets a 400 instead of a crash. Only what the model reads is checked. Pure.
 */
import "server-only";
import { isRecord } from "@/lib/protocol/json-value";
import type { OfflineRequest } from "./types";

export type ParsedRequest = { ok: true; request: OfflineRequest } | { ok: false; message: string };

const ROLES = ["user", "assistant", "system"];
const CHOICES = ["auto", "any", "none", "tool"];

/** The first problem with the `messages` array, or `null`. */
function checkMessages(messages: unknown): string | null {
  if (!Array.isArray(messages)) return "messages: Field required (an array of messages)";
  if (messages.length === 0) return "messages: at least one message is required";
  for (const [index, message] of messages.entries()) {
    const where = `messages.${index}`;
    if (!isRecord(message)) return `${where}: Input should be an object`;
    if (typeof message.role !== "string" || !ROLES.includes(message.role)) {
      return `${where}.role: Input should be 'user' or 'assistant'`;
    }
    const content = message.content;
    if (typeof content === "string") continue;
    if (!Array.isArray(content)) return `${where}.content: Input should be a string or an array of blocks`;
    const bad = content.findIndex((block) => !isRecord(block) || typeof block.type !== "string");
    if (bad >= 0) return `${where}.content.${bad}: each block needs a string \`type\``;
  }
  return null;
}

/** The first problem with `tools` and `tool_choice`, or `null`. */
function checkTools(tools: unknown, choice: unknown): string | null {
  if (tools !== undefined) {
    if (!Array.isArray(tools)) return "tools: Input should be an array";
    for (const [index, tool] of tools.entries()) {
      if (!isRecord(tool) || typeof tool.name !== "string") return `tools.${index}.name: Field required`;
      if (tool.input_schema !== undefined && !isRecord(tool.input_schema)) {
        return `tools.${index}.input_schema: Input should be an object`;
      }
    }
  }
  if (choice === undefined) return null;
  if (!isRecord(choice) || typeof choice.type !== "string" || !CHOICES.includes(choice.type)) {
    return "tool_choice.type: Input should be 'auto', 'any', 'tool' or 'none'";
  }
  if (choice.type !== "tool") return null;
  const names = Array.isArray(tools) ? tools.map((tool: { name: string }) => tool.name) : [];
  if (typeof choice.name !== "string") return "tool_choice.name: Field required";
  if (!names.includes(choice.name)) return `tool_choice.name: no tool named '${choice.name}' in tools`;
  return null;
}

/**
 * Checks a parsed JSON body and narrows it to an `OfflineRequest`, or says what is wrong in the
 * words of Anthropic's `invalid_request_error`. Never throws.
 */
export function parseOfflineRequest(body: unknown): ParsedRequest {
  if (!isRecord(body)) return { ok: false, message: "The request body must be a JSON object." };
  if (typeof body.model !== "string" || body.model.length === 0)
    return { ok: false, message: "model: Field required" };
  if (typeof body.max_tokens !== "number" || !Number.isInteger(body.max_tokens) || body.max_tokens < 1) {
    return { ok: false, message: "max_tokens: Input should be a positive integer" };
  }
  if (body.stream !== undefined && typeof body.stream !== "boolean") {
    return { ok: false, message: "stream: Input should be a valid boolean" };
  }
  const problem = checkMessages(body.messages) ?? checkTools(body.tools, body.tool_choice);
  return problem ? { ok: false, message: problem } : { ok: true, request: body as unknown as OfflineRequest };
}

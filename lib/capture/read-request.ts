/**
 * A client's request body read for the log: its system prompt, tools and conversation in unified
 * form. Lenient, as a capture must be: a body the readers do not understand is still relayed and
 * recorded whole in `request.assembled`; only its conversation is then unknown (`messages: null`).
 */
import "server-only";
import { readRequestBody, type ReadRequest } from "@/lib/agent/import/request-body";
import { isRecord, type JsonObject } from "@/lib/agent/import/shapes";
import type { WireFormat } from "@/lib/protocol/unified";

export interface CapturedRequest {
  system: string;
  read: ReadRequest | null;
  /** What could not be read, for the session's record. */
  notes: string[];
}

/** The text of a system value: a string, or the text of its blocks joined by blank lines. */
function readSystemText(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return "";
  return value
    .flatMap((block: unknown) => (isRecord(block) && typeof block.text === "string" ? [block.text] : []))
    .join("\n\n");
}

/**
 * Anthropic messages with `role: "system"` (Claude Code sends them inside `messages`) taken out:
 * their text joins the system prompt, the rest is read as usual.
 */
function splitSystemMessages(body: JsonObject): { body: JsonObject; system: string[] } {
  if (!Array.isArray(body.messages)) return { body, system: [] };
  const system: string[] = [];
  const messages = body.messages.filter((message: unknown) => {
    if (!isRecord(message) || message.role !== "system") return true;
    system.push(readSystemText(message.content));
    return false;
  });
  return { body: { ...body, messages }, system };
}

/** Reads a captured request body of `format`; never throws. */
export function readCapturedRequest(body: JsonObject, format: WireFormat): CapturedRequest {
  const notes: string[] = [];
  const split = format === "anthropic" ? splitSystemMessages(body) : { body, system: [] };
  let read: ReadRequest | null = null;
  try {
    const outcome = readRequestBody(split.body, format, notes);
    if (outcome.ok) read = outcome.value;
    else notes.push(`The conversation could not be read: ${outcome.error}`);
  } catch (error) {
    notes.push(
      `The conversation could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const base = read?.system ?? readSystemText(body.system);
  const system = [base, ...split.system].filter((text) => text !== "").join("\n\n");
  return { system, read, notes };
}

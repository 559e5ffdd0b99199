/**
 * Small structural checks for untrusted import input: enough to tell the formats apart and to
 * hand the protocol converters only what they can read.
 */
import { isRecord, type JsonObject } from "@/lib/protocol/json-value";

export { isRecord, parseJson, readString, type JsonObject } from "@/lib/protocol/json-value";

/**
 * Any untrusted value as text for a note or an error, never throwing: `String()` throws on an
 * object whose `toString` is not a function (`{"toString": 0}` is valid JSON).
 */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * Content that is a string or an array of objects each with a string `type`, without holes (an
 * assembled stream whose first block never started has one); a `tool_result` block's own
 * `content` is absent or block content too (the converters read it as such).
 */
export function isBlockContent(value: unknown): boolean {
  return typeof value === "string" || (Array.isArray(value) && Array.from(value).every(isBlock));
}

function isBlock(part: unknown): boolean {
  if (!isRecord(part) || typeof part.type !== "string") return false;
  // A call's id and name become text everywhere (pairing, tool names); anything else cannot.
  if (part.type === "tool_use") return typeof part.id === "string" && typeof part.name === "string";
  return part.type !== "tool_result" || part.content === undefined || isBlockContent(part.content);
}

/** Every message is an object with a string `role`. */
export function isMessageList(value: unknown): value is JsonObject[] {
  return (
    Array.isArray(value) && value.every((message) => isRecord(message) && typeof message.role === "string")
  );
}

/** The block types of every array content in `messages`. */
export function listBlockTypes(messages: readonly JsonObject[]): string[] {
  return messages.flatMap((message) =>
    Array.isArray(message.content)
      ? message.content.flatMap((part: unknown) =>
          isRecord(part) && typeof part.type === "string" ? [part.type] : [],
        )
      : [],
  );
}

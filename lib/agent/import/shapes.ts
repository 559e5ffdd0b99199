/**
 * Small structural checks for untrusted import input: enough to tell the formats apart and to
 * hand the protocol converters only what they can read.
 */

export type JsonObject = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function readString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** Content that is a string or an array of objects each with a string `type`. */
export function isBlockContent(value: unknown): boolean {
  return (
    typeof value === "string" ||
    (Array.isArray(value) && value.every((part) => isRecord(part) && typeof part.type === "string"))
  );
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

/** Parses JSON text, or `undefined` when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // not JSON: the caller reads the text another way
  }
}

/**
 * Tiny guards for untrusted JSON: request bodies, wire data, imports, editor text. Pure and
 * dependency-free, so every layer (components included) may import it. None of these throws.
 */

/** A JSON object: the shape `isRecord` narrows to. */
export type JsonObject = Record<string, unknown>;

/** Whether `value` is a plain JSON object: not `null`, not an array. */
export function isRecord(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `value` when it is a string, else `undefined` (so `readString(x) ?? fallback` reads well). */
export function readString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** JSON text parsed, or `undefined` when it is not JSON (a JSON document can never be `undefined`). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What `tryParseJson` found: the value, or the parser's own message for a person to read. */
export type JsonParse = { ok: true; value: unknown } | { ok: false; error: string };

/** JSON text parsed, or the parser's message when it is not JSON (for an editor to show). */
export function tryParseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Freezes a value and everything in it (already frozen parts are left as they are); returns it. */
export function freezeDeep<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) freezeDeep(child);
  }
  return value;
}

/** The outcome of reading a JSON Pointer: the value, or that nothing is there. */
export type PointerResult = { found: true; value: unknown } | { found: false };

/**
 * Splits an RFC 6901 JSON Pointer into its unescaped reference tokens (`~1` → `/`, then
 * `~0` → `~`). `""` is the whole document (no tokens). Returns `null` for a malformed pointer:
 * one that does not start with `/`, or has a `~` not followed by `0` or `1`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6901
 */
export function parsePointer(pointer: string): string[] | null {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return null;
  const tokens: string[] = [];
  for (const raw of pointer.slice(1).split("/")) {
    if (/~(?![01])/.test(raw)) return null;
    tokens.push(raw.replace(/~1/g, "/").replace(/~0/g, "~"));
  }
  return tokens;
}

/**
 * Reads the value a JSON Pointer names. Walks own properties only, so `/__proto__` or
 * `/constructor` never reach a prototype: on `{}` they are simply not found. Array tokens must
 * be canonical indices (`0`, `12`, not `01` or `-`) inside the array. Never throws; a malformed
 * pointer is `{ found: false }` (use {@link parsePointer} to tell the two apart).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6901
 */
export function readPointer(value: unknown, pointer: string): PointerResult {
  const tokens = parsePointer(pointer);
  if (tokens === null) return { found: false };
  let current = value;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return { found: false };
      const index = Number(token);
      if (index >= current.length) return { found: false };
      current = current[index];
    } else if (current !== null && typeof current === "object") {
      if (!Object.hasOwn(current, token)) return { found: false };
      current = (current as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: current };
}

/** Builds a pointer from tokens, escaping `~` and `/` (the inverse of {@link parsePointer}). */
export function formatPointer(tokens: readonly string[]): string {
  return tokens.map((token) => `/${token.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

import { isRecord } from "@/lib/protocol/json-value";

/**
 * Deep equality of JSON values: same primitives, arrays equal element by element, objects with
 * the same own keys (in any order) and equal values. Used by `equals` conditions and by the
 * idempotency guard ("the same arguments").
 */
export function isDeepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => isDeepEqual(item, b[index]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && isDeepEqual(a[key], b[key]));
}

/**
 * Applies a JSON Merge Patch (RFC 7396): an object patch merges key by key, `null` deletes a
 * key, anything else (arrays included) replaces the target. Returns a new value; neither input
 * is modified. Keys such as `__proto__` are written as own properties, never as a prototype.
 *
 * @see https://www.rfc-editor.org/rfc/rfc7396
 */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = {};
  if (isRecord(target)) for (const [key, value] of Object.entries(target)) setOwn(result, key, value);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete result[key];
      continue;
    }
    const current = Object.hasOwn(result, key) ? result[key] : undefined;
    setOwn(result, key, applyMergePatch(current, value));
  }
  return result;
}

function setOwn(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

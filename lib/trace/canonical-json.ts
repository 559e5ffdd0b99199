/**
 * Canonical JSON for comparing logged values: object keys sorted, no whitespace. Pure.
 *
 * For values read from the log (plain JSON) it writes what `JSON.stringify` would, keys sorted.
 * JSON has no text for a cycle or a `bigint`; `OddValues` says what to do with them.
 */

/** What to write for a cycle and for a `bigint` (each may throw instead). */
export interface OddValues {
  cycle: () => string;
  bigint: (value: bigint) => string;
}

/** Never throws: a cycle is written as `"[cycle]"` and a `bigint` as its decimal string. */
const LENIENT: OddValues = {
  cycle: () => '"[cycle]"',
  bigint: (value) => JSON.stringify(value.toString()),
};

/**
 * The canonical JSON of `value`: object keys sorted (by UTF-16 code units), no whitespace,
 * otherwise what `JSON.stringify` writes (`undefined`, functions and symbols dropped from
 * objects and `null` in arrays; non-finite numbers as `null`; symbol keys ignored). By default
 * it never throws, so a comparison of odd values still answers; `odd` may choose otherwise.
 */
export function canonicalizeValue(value: unknown, odd: OddValues = LENIENT): string {
  return writeValue(value, new Set(), odd) ?? "null";
}

function writeValue(value: unknown, ancestors: Set<object>, odd: OddValues): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? JSON.stringify(value) : "null";
    case "bigint":
      return odd.bigint(value);
    case "object":
      break;
    default:
      return undefined;
  }
  if (ancestors.has(value)) return odd.cycle();
  ancestors.add(value);
  let text: string;
  if (Array.isArray(value)) {
    text = `[${value.map((item: unknown) => writeValue(item, ancestors, odd) ?? "null").join(",")}]`;
  } else {
    const record = value as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const written = writeValue(record[key], ancestors, odd);
      if (written !== undefined) members.push(`${JSON.stringify(key)}:${written}`);
    }
    text = `{${members.join(",")}}`;
  }
  ancestors.delete(value);
  return text;
}

/**
 * Canonical JSON for comparing logged values: object keys sorted, no whitespace. Pure.
 *
 * For values read from the log (plain JSON) it writes what `JSON.stringify` would, keys sorted.
 * It never throws: a cycle is written as `"[cycle]"` and a `bigint` as its decimal string, so a
 * comparison of odd values still answers.
 */
export function canonicalizeValue(value: unknown): string {
  return writeValue(value, new Set()) ?? "null";
}

function writeValue(value: unknown, ancestors: Set<object>): string | undefined {
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "boolean":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? JSON.stringify(value) : "null";
    case "bigint":
      return JSON.stringify(value.toString());
    case "object":
      break;
    default:
      return undefined;
  }
  if (ancestors.has(value)) return '"[cycle]"';
  ancestors.add(value);
  let text: string;
  if (Array.isArray(value)) {
    text = `[${value.map((item: unknown) => writeValue(item, ancestors) ?? "null").join(",")}]`;
  } else {
    const record = value as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const written = writeValue(record[key], ancestors);
      if (written !== undefined) members.push(`${JSON.stringify(key)}:${written}`);
    }
    text = `{${members.join(",")}}`;
  }
  ancestors.delete(value);
  return text;
}

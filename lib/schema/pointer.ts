import { isRecord } from "@/lib/protocol/json-value";
/** JSON Pointers (RFC 6901) into an instance, and the words a person or a model reads for its fields and values. */

/** Escapes one property name for use as a JSON Pointer segment (`~` → `~0`, `/` → `~1`). */
export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Appends one property name or index to a JSON Pointer. */
export function appendPointer(pointer: string, segment: string | number): string {
  return `${pointer}/${escapePointerSegment(String(segment))}`;
}

/** The unescaped segments of a JSON Pointer; `""` (the whole document) has none. */
export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** The value at `pointer` in `document`, or `undefined` when nothing is there. Never throws. */
export function readAtPointer(document: unknown, pointer: string): unknown {
  let current: unknown = document;
  for (const segment of splitPointer(pointer)) {
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment)) current = current[Number(segment)];
    else if (isRecord(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

const IDENTIFIER = /^[A-Za-z_$][\w$-]*$/;

/**
 * A field's name as code would write it: `/filter/tags/2` → `filter.tags[2]`; a name that is not
 * an identifier is quoted (`headers["Content Type"]`). `document` tells an array index from a
 * property named with digits. The root is `""`.
 */
export function formatFieldName(pointer: string, document: unknown): string {
  let label = "";
  let container: unknown = document;
  for (const segment of splitPointer(pointer)) {
    if (Array.isArray(container) && /^\d+$/.test(segment)) label += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) label += label === "" ? segment : `.${segment}`;
    else label += `[${JSON.stringify(segment)}]`;
    container = readAtPointer(container, `/${escapePointerSegment(segment)}`);
  }
  return label;
}

/** A short description of a value: `string "3"`, `number 3`, `boolean true`, `null`, `an array`. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
    case "number":
    case "boolean":
      return `${typeof value} ${String(value)}`;
    case "object":
      return "an object";
    default:
      return "nothing";
  }
}

/** A JSON value rendered for a message: strings quoted, long values cut. */
export function formatJsonValue(value: unknown): string {
  const text = JSON.stringify(value) ?? "undefined";
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  null: "null",
};

const MAX_LISTED_VALUES = 12;

/** "a string or null" for a `type` keyword's value. */
export function describeTypes(type: unknown): string {
  return ([] as unknown[])
    .concat(type)
    .map((name) => TYPE_NAMES[String(name)] ?? String(name))
    .join(" or ");
}

/** `"read", "write"`, cut after a dozen values. */
export function listValues(values: readonly unknown[]): string {
  const listed = values.slice(0, MAX_LISTED_VALUES).map(formatJsonValue).join(", ");
  const rest = values.length - MAX_LISTED_VALUES;
  return rest > 0 ? `${listed} (and ${rest} more)` : listed;
}

/**
 * Where a JSON Pointer (RFC 6901) points in JSON text: lint diagnostics carry pointers into the
 * parsed definition, and the editor needs character ranges to put its markers on.
 */

/** A character range in the text, `end` exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/** The range a pointer maps to; `exact` is false when only an ancestor of the target exists. */
export interface PointerRange extends TextRange {
  exact: boolean;
}

interface Member {
  key: TextRange;
  value: JsonNode;
}

type JsonNode =
  | { kind: "object"; range: TextRange; members: Map<string, Member> }
  | { kind: "array"; range: TextRange; items: JsonNode[] }
  | { kind: "scalar"; range: TextRange };

class ScanError extends Error {}

/**
 * The range of `pointer` in `text`: an object member's key (where an editor underlines a
 * misspelt keyword), an array item's value, or the root's opening character. When the target
 * does not exist (a missing `description`), the nearest existing ancestor, with `exact: false`.
 * `null` when the text is not JSON. Never throws. A repeated key resolves to its last copy, as
 * `JSON.parse` does.
 */
export function findPointerRange(text: string, pointer: string): PointerRange | null {
  let root: JsonNode;
  try {
    const scanner = { text, at: 0 };
    root = scanValue(scanner);
    skipSpace(scanner);
    if (scanner.at !== text.length) return null;
  } catch (error) {
    if (error instanceof ScanError) return null;
    throw error;
  }
  let node = root;
  let range: TextRange = { start: root.range.start, end: root.range.start + 1 };
  for (const segment of splitPointerSegments(pointer)) {
    const next = stepInto(node, segment);
    if (!next) return { ...range, exact: false };
    node = next.node;
    range = next.range;
  }
  return { ...range, exact: true };
}

/** The unescaped segments of a JSON Pointer (`~1` → `/`, `~0` → `~`); `""` has none. */
export function splitPointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer
    .replace(/^\//, "")
    .split("/")
    .map((segment) => segment.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function stepInto(node: JsonNode, segment: string): { node: JsonNode; range: TextRange } | null {
  if (node.kind === "object") {
    const member = node.members.get(segment);
    return member ? { node: member.value, range: member.key } : null;
  }
  if (node.kind === "array" && /^(0|[1-9]\d*)$/.test(segment)) {
    const item = node.items[Number(segment)];
    return item ? { node: item, range: item.range } : null;
  }
  return null;
}

interface Scanner {
  text: string;
  at: number;
}

function skipSpace(scanner: Scanner): void {
  while (scanner.at < scanner.text.length && /\s/.test(scanner.text[scanner.at] as string)) scanner.at += 1;
}

function scanValue(scanner: Scanner): JsonNode {
  skipSpace(scanner);
  const start = scanner.at;
  const char = scanner.text[start];
  if (char === "{") return scanObject(scanner);
  if (char === "[") return scanArray(scanner);
  if (char === '"') {
    scanString(scanner);
    return { kind: "scalar", range: { start, end: scanner.at } };
  }
  const match = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
    scanner.text.slice(start, start + 400),
  );
  if (!match) throw new ScanError(`unexpected character at ${start}`);
  scanner.at += match[0].length;
  return { kind: "scalar", range: { start, end: scanner.at } };
}

function scanString(scanner: Scanner): string {
  const start = scanner.at;
  scanner.at += 1;
  while (scanner.at < scanner.text.length) {
    const char = scanner.text[scanner.at];
    if (char === "\\") scanner.at += 2;
    else if (char === '"') {
      scanner.at += 1;
      try {
        return JSON.parse(scanner.text.slice(start, scanner.at)) as string;
      } catch {
        throw new ScanError(`bad string at ${start}`);
      }
    } else scanner.at += 1;
  }
  throw new ScanError(`unterminated string at ${start}`);
}

function expect(scanner: Scanner, char: string): void {
  skipSpace(scanner);
  if (scanner.text[scanner.at] !== char) throw new ScanError(`expected ${char} at ${scanner.at}`);
  scanner.at += 1;
}

function scanObject(scanner: Scanner): JsonNode {
  const start = scanner.at;
  scanner.at += 1;
  const members = new Map<string, Member>();
  skipSpace(scanner);
  if (scanner.text[scanner.at] === "}") {
    scanner.at += 1;
    return { kind: "object", range: { start, end: scanner.at }, members };
  }
  for (;;) {
    skipSpace(scanner);
    if (scanner.text[scanner.at] !== '"') throw new ScanError(`expected a key at ${scanner.at}`);
    const keyStart = scanner.at;
    const key = scanString(scanner);
    const keyRange = { start: keyStart, end: scanner.at };
    expect(scanner, ":");
    members.set(key, { key: keyRange, value: scanValue(scanner) });
    skipSpace(scanner);
    if (scanner.text[scanner.at] === ",") scanner.at += 1;
    else break;
  }
  expect(scanner, "}");
  return { kind: "object", range: { start, end: scanner.at }, members };
}

function scanArray(scanner: Scanner): JsonNode {
  const start = scanner.at;
  scanner.at += 1;
  const items: JsonNode[] = [];
  skipSpace(scanner);
  if (scanner.text[scanner.at] === "]") {
    scanner.at += 1;
    return { kind: "array", range: { start, end: scanner.at }, items };
  }
  for (;;) {
    items.push(scanValue(scanner));
    skipSpace(scanner);
    if (scanner.text[scanner.at] === ",") scanner.at += 1;
    else break;
  }
  expect(scanner, "]");
  return { kind: "array", range: { start, end: scanner.at }, items };
}

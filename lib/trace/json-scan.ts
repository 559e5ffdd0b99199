/**
 * Where the members of a JSON object (and the items of an array) begin and end in its text,
 * found without building any value: for reading a large stored text's parts as slices of it
 * (lib/trace/shared-bodies.ts). The text must be valid JSON; what the scan cannot read is `null`.
 */

/** A member of an object: its key's text (quoted, as written) and where its value is. */
export interface JsonMember {
  key: string;
  start: number;
  end: number;
}

const SPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);

function skipSpace(text: string, index: number): number {
  while (index < text.length && SPACE.has(text.charCodeAt(index))) index++;
  return index;
}

/** The index after the string whose opening quote is at `index`. */
function skipString(text: string, index: number): number {
  for (let at = index + 1; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x5c) at++;
    else if (code === 0x22) return at + 1;
  }
  return -1;
}

/** The index after the value that starts at `index` (no space before it), or -1. */
function skipValue(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code === 0x22) return skipString(text, index);
  if (code !== 0x7b && code !== 0x5b) {
    // A number, true, false or null: up to the next delimiter.
    let at = index;
    while (at < text.length) {
      const next = text.charCodeAt(at);
      if (next === 0x2c || next === 0x7d || next === 0x5d || SPACE.has(next)) break;
      at++;
    }
    return at > index ? at : -1;
  }
  let depth = 0;
  for (let at = index; at < text.length; at++) {
    const next = text.charCodeAt(at);
    if (next === 0x22) {
      at = skipString(text, at) - 1;
      if (at < 0) return -1;
    } else if (next === 0x7b || next === 0x5b) depth++;
    else if (next === 0x7d || next === 0x5d) {
      depth--;
      if (depth === 0) return at + 1;
    }
  }
  return -1;
}

/** The members of the object whose `{` is at `start` and which ends before `end`, or `null`. */
export function scanObject(text: string, start: number, end = text.length): JsonMember[] | null {
  if (text.charCodeAt(start) !== 0x7b) return null;
  const members: JsonMember[] = [];
  let at = skipSpace(text, start + 1);
  if (text.charCodeAt(at) === 0x7d) return members;
  for (;;) {
    if (text.charCodeAt(at) !== 0x22) return null;
    const keyEnd = skipString(text, at);
    if (keyEnd < 0) return null;
    const colon = skipSpace(text, keyEnd);
    if (text.charCodeAt(colon) !== 0x3a) return null;
    const valueStart = skipSpace(text, colon + 1);
    const valueEnd = skipValue(text, valueStart);
    if (valueEnd < 0 || valueEnd > end) return null;
    members.push({ key: text.slice(at, keyEnd), start: valueStart, end: valueEnd });
    at = skipSpace(text, valueEnd);
    const next = text.charCodeAt(at);
    if (next === 0x7d) return members;
    if (next !== 0x2c) return null;
    at = skipSpace(text, at + 1);
  }
}

/** The items of the array whose `[` is at `start`, as `[start, end)` pairs, or `null`. */
export function scanArray(text: string, start: number, end = text.length): [number, number][] | null {
  if (text.charCodeAt(start) !== 0x5b) return null;
  const items: [number, number][] = [];
  let at = skipSpace(text, start + 1);
  if (text.charCodeAt(at) === 0x5d) return items;
  for (;;) {
    const itemEnd = skipValue(text, at);
    if (itemEnd < 0 || itemEnd > end) return null;
    items.push([at, itemEnd]);
    at = skipSpace(text, itemEnd);
    const next = text.charCodeAt(at);
    if (next === 0x5d) return items;
    if (next !== 0x2c) return null;
    at = skipSpace(text, at + 1);
  }
}

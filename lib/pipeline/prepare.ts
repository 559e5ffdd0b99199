/**
 * The `prepare` stage: turn a call's arguments into one plain object. Anthropic sends an object;
 * OpenAI sends a JSON string, which may not parse — then the error says where it broke.
 */
import { isRecord } from "@/lib/protocol/json-value";

export type Prepared = { ok: true; arguments: Record<string, unknown> } | { ok: false; message: string };

export function prepareArguments(value: unknown, rawArguments?: string): Prepared {
  if (typeof value === "string" || (value === null && typeof rawArguments === "string")) {
    const text = typeof value === "string" ? value : (rawArguments as string);
    if (text.trim() === "") return { ok: true, arguments: {} };
    const position = findJsonErrorPosition(text);
    if (position !== null) return { ok: false, message: describeJsonError(text, position) };
    return requireObject(JSON.parse(text));
  }
  return requireObject(value ?? {});
}

function requireObject(value: unknown): Prepared {
  if (isRecord(value)) return { ok: true, arguments: value };
  const got = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
  return { ok: false, message: `The arguments must be one JSON object; got ${got}.` };
}

function describeJsonError(text: string, position: number): string {
  const line = text.slice(0, position).split("\n").length;
  const column = position - text.lastIndexOf("\n", position - 1);
  const near = JSON.stringify(text.slice(Math.max(0, position - 12), position + 12));
  const found = position >= text.length ? "the end of the text" : JSON.stringify(text[position]);
  return `The arguments are not valid JSON: unexpected ${found} at position ${position} (line ${line}, column ${column}), near ${near}.`;
}

/**
 * The offset of the first JSON syntax error in `text`, or null when it is valid JSON. A small
 * recursive-descent scanner, so the position is exact whatever the JavaScript engine's message.
 */
export function findJsonErrorPosition(text: string): number | null {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const expectLiteral = (word: string) => {
    for (const char of word) {
      if (text[i] !== char) fail();
      i++;
    }
  };
  const scanString = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      const char = text[i]!;
      if (char < " ") fail();
      if (char === "\\") {
        i++;
        if (text[i] === "u") {
          for (let k = 1; k <= 4; k++) {
            if (/[0-9a-fA-F]/.test(text[i + k] ?? "")) continue;
            i += k;
            fail();
          }
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? "x")) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const scanNumber = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!match || match[0] === "-") fail();
    i += match![0].length;
  };
  const scanValue = (): void => {
    skipSpace();
    const char = text[i];
    if (char === "{") return scanContainer("}", true);
    if (char === "[") return scanContainer("]", false);
    if (char === '"') return scanString();
    if (char === "t") return expectLiteral("true");
    if (char === "f") return expectLiteral("false");
    if (char === "n") return expectLiteral("null");
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) return scanNumber();
    fail();
  };
  const scanContainer = (close: string, isObject: boolean) => {
    i++;
    skipSpace();
    if (text[i] === close) return void i++;
    for (;;) {
      if (isObject) {
        skipSpace();
        if (text[i] !== '"') fail();
        scanString();
        skipSpace();
        if (text[i] !== ":") fail();
        i++;
      }
      scanValue();
      skipSpace();
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text[i] === close) return void i++;
      fail();
    }
  };
  try {
    scanValue();
    skipSpace();
    if (i < text.length) fail();
    return null;
  } catch (position) {
    if (typeof position === "number") return position;
    throw position;
  }
}

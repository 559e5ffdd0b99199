/**
 * The calculator's tokenizer. Positions are 1-based character columns of the original text, so
 * an error can point at the exact place ("at position 4").
 */
import "server-only";

/** One token of an expression; `end` closes every token list. */
export type CalculatorToken =
  | { type: "number"; value: number; text: string; position: number }
  | { type: "name"; text: string; position: number }
  | { type: "symbol"; text: Operator | "(" | ")" | ","; position: number }
  | { type: "end"; text: ""; position: number };

/** The binary operators, `^` being power. */
export type Operator = "+" | "-" | "*" | "/" | "%" | "^";

/** A problem in the expression, at a 1-based position. Caught by `evaluateExpression`. */
export class CalculationError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;
const SYMBOLS = new Set(["+", "-", "*", "/", "%", "^", "(", ")", ","]);

/** How a token reads in an error message. */
export function describeToken(token: CalculatorToken): string {
  switch (token.type) {
    case "number":
      return `the number ${token.text}`;
    case "name":
      return `the name "${token.text}"`;
    case "symbol":
      return `"${token.text}"`;
    case "end":
      return "the end of the expression";
  }
}

/** Splits an expression into tokens, ending with an `end` token. `**` reads as `^`. */
export function tokenizeExpression(text: string): CalculatorToken[] {
  const tokens: CalculatorToken[] = [];
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    const position = index + 1;
    const space = /^\s+/.exec(rest);
    const number = NUMBER.exec(rest);
    const name = NAME.exec(rest);
    if (space) {
      index += space[0].length;
    } else if (number) {
      if (!Number.isFinite(Number(number[0])))
        throw new CalculationError(`the number ${number[0]} is too large`, position);
      tokens.push({ type: "number", value: Number(number[0]), text: number[0], position });
      index += number[0].length;
    } else if (name) {
      tokens.push({ type: "name", text: name[0], position });
      index += name[0].length;
    } else if (rest.startsWith("**")) {
      tokens.push({ type: "symbol", text: "^", position });
      index += 2;
    } else if (SYMBOLS.has(rest[0] ?? "")) {
      tokens.push({ type: "symbol", text: rest[0] as Operator | "(" | ")" | ",", position });
      index += 1;
    } else {
      const character = String.fromCodePoint(rest.codePointAt(0) ?? 0);
      throw new CalculationError(`unexpected character "${character}"`, position);
    }
  }
  tokens.push({ type: "end", text: "", position: text.length + 1 });
  return tokens;
}

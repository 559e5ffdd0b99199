/**
 * The calculator's recursive-descent parser, evaluating as it parses (no `eval`, no `Function`).
 *
 * ```
 * expression := term (("+" | "-") term)*
 * term       := unary (("*" | "/" | "%") unary)*
 * unary      := ("-" | "+") unary | power
 * power      := primary ("^" unary)?          right-associative: 2^3^2 = 2^9; -2^2 = -(2^2)
 * primary    := number | name | name "(" expression ("," expression)* ")" | "(" expression ")"
 * ```
 */
import "server-only";
import { callFunction, readConstant } from "./calculator-functions";
import {
  CalculationError,
  describeToken,
  tokenizeExpression,
  type CalculatorToken,
  type Operator,
} from "./calculator-tokens";

/** The value, or what is wrong and where (1-based position in the expression). */
export type Calculation = { ok: true; value: number } | { ok: false; message: string; position: number };

/** How deep parentheses, function calls and unary signs may nest. */
export const MAX_DEPTH = 100;

/** Applies a binary operator, failing on division by zero and on results that are not finite. */
function applyOperator(operator: Operator, left: number, right: number, position: number): number {
  if ((operator === "/" || operator === "%") && right === 0)
    throw new CalculationError(operator === "/" ? "division by zero" : "remainder by zero", position);
  const value =
    operator === "+"
      ? left + right
      : operator === "-"
        ? left - right
        : operator === "*"
          ? left * right
          : operator === "/"
            ? left / right
            : operator === "%"
              ? left % right
              : left ** right;
  if (Number.isNaN(value))
    throw new CalculationError(`${left} ${operator} ${right} is not a real number`, position);
  if (!Number.isFinite(value)) throw new CalculationError("the result is too large", position);
  return value;
}

/** Evaluates an arithmetic expression. Never throws: every problem is a `Calculation` error. */
export function evaluateExpression(text: string): Calculation {
  try {
    if (text.trim() === "") return { ok: false, message: "the expression is empty", position: 1 };
    const tokens = tokenizeExpression(text);
    let index = 0;
    let depth = 0;
    const peek = (): CalculatorToken => tokens[index] ?? (tokens.at(-1) as CalculatorToken);
    const next = (): CalculatorToken => {
      const token = peek();
      index = Math.min(index + 1, tokens.length - 1);
      return token;
    };
    const isSymbol = (token: CalculatorToken, ...symbols: string[]) =>
      token.type === "symbol" && symbols.includes(token.text);
    const expect = (symbol: string, what: string): void => {
      const token = next();
      if (!isSymbol(token, symbol))
        throw new CalculationError(`expected ${what} but found ${describeToken(token)}`, token.position);
    };
    const nest = <T>(position: number, parse: () => T): T => {
      if (++depth > MAX_DEPTH)
        throw new CalculationError(`nested more than ${MAX_DEPTH} levels deep`, position);
      const value = parse();
      depth--;
      return value;
    };

    const parseExpression = (): number => {
      let value = parseTerm();
      while (isSymbol(peek(), "+", "-")) {
        const operator = next();
        value = applyOperator(operator.text as Operator, value, parseTerm(), operator.position);
      }
      return value;
    };
    const parseTerm = (): number => {
      let value = parseUnary();
      while (isSymbol(peek(), "*", "/", "%")) {
        const operator = next();
        value = applyOperator(operator.text as Operator, value, parseUnary(), operator.position);
      }
      return value;
    };
    const parseUnary = (): number => {
      const token = peek();
      if (!isSymbol(token, "-", "+")) return parsePower();
      next();
      const operand = nest(token.position, parseUnary);
      return token.text === "-" ? -operand : operand;
    };
    const parsePower = (): number => {
      const base = parsePrimary();
      if (!isSymbol(peek(), "^")) return base;
      const operator = next();
      return applyOperator("^", base, nest(operator.position, parseUnary), operator.position);
    };
    const parsePrimary = (): number => {
      const token = next();
      if (token.type === "number") return token.value;
      if (isSymbol(token, "(")) {
        const value = nest(token.position, parseExpression);
        expect(")", `")" to close the "(" at position ${token.position}`);
        return value;
      }
      if (token.type !== "name")
        throw new CalculationError(
          `expected a number, a name or "(" but found ${describeToken(token)}`,
          token.position,
        );
      if (!isSymbol(peek(), "(")) return readConstant(token.text, token.position);
      const open = next();
      const args: number[] = [];
      if (!isSymbol(peek(), ")")) {
        do args.push(nest(open.position, parseExpression));
        while (isSymbol(peek(), ",") && next());
      }
      expect(")", `"," or ")" to close the "(" at position ${open.position}`);
      return callFunction(token.text, args, token.position);
    };

    const value = parseExpression();
    const trailing = peek();
    if (trailing.type !== "end")
      throw new CalculationError(
        `unexpected ${describeToken(trailing)} after a complete expression`,
        trailing.position,
      );
    return { ok: true, value: Object.is(value, -0) ? 0 : value };
  } catch (error) {
    if (error instanceof CalculationError)
      return { ok: false, message: error.message, position: error.position };
    throw error;
  }
}

/** A result for people and models: 12 significant digits, so 0.1 + 0.2 reads 0.3. */
export function formatNumber(value: number): string {
  return String(Number(value.toPrecision(12)));
}

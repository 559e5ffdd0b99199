import "server-only";
import { evaluateExpression, formatNumber } from "./calculator-parser";
import { defineTool } from "./define-tool";
import { acceptArguments, fail, requireString, succeed } from "./tool-arguments";

/** The longest expression the calculator accepts. */
export const MAX_EXPRESSION_LENGTH = 500;

/** The expression (whitespace flattened, so columns line up) with a caret under a 1-based position. */
function drawPointer(expression: string, position: number): string {
  return `  ${expression.replace(/\s/g, " ")}\n  ${" ".repeat(Math.max(0, position - 1))}^`;
}

/**
 * `calculator`: evaluates an arithmetic expression with a real parser (`calculator-parser.ts`).
 * Success reads `(2+3)*4 = 20`; a syntax error or a division by zero says what and where, with
 * a pointer under the expression.
 */
export const calculator = defineTool({
  name: "calculator",
  description:
    "Evaluate an arithmetic expression and return its value. Supports + - * / % (remainder), ^ (power, right-associative), parentheses, unary minus, decimals, the constants pi and e, and the functions sqrt, abs, round, floor, ceil, min and max. Use it to calculate or compute a number instead of doing arithmetic in your head.",
  input_schema: {
    type: "object",
    properties: {
      expression: {
        type: "string",
        minLength: 1,
        maxLength: MAX_EXPRESSION_LENGTH,
        description:
          "The expression to evaluate, e.g. (2+3)*4, 2^10, sqrt(2)/2 or round(19.99*1.2, 2). No variables, no implicit multiplication: write 2*pi, not 2pi.",
      },
    },
    required: ["expression"],
    additionalProperties: false,
  },
  meta: { readOnly: true, timeoutMs: 1000 },
  execute: acceptArguments((args) => {
    const expression = requireString(args, "expression");
    if (expression.length > MAX_EXPRESSION_LENGTH)
      return fail(
        `The expression is ${expression.length} characters long; the limit is ${MAX_EXPRESSION_LENGTH}.`,
      );
    const result = evaluateExpression(expression);
    if (!result.ok)
      return fail(
        `Error at position ${result.position}: ${result.message}.\n${drawPointer(expression, result.position)}`,
      );
    return succeed(`${expression.trim()} = ${formatNumber(result.value)}`);
  }),
});

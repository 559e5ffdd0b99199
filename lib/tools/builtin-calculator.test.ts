import { describe, expect, test } from "vitest";
import { calculator, MAX_EXPRESSION_LENGTH } from "./builtin-calculator";
import { createToolSession } from "./testing/create-tool-session";

const run = (args: Record<string, unknown>) => createToolSession().run(calculator, args);

describe("calculator", () => {
  test("answers with the expression and its value", async () => {
    expect(await run({ expression: " (2+3)*4 " })).toEqual({ content: "(2+3)*4 = 20", isError: false });
    expect(await run({ expression: "0.1 + 0.2" })).toEqual({ content: "0.1 + 0.2 = 0.3", isError: false });
    expect(await run({ expression: "round(19.99 * 1.2, 2)" })).toEqual({
      content: "round(19.99 * 1.2, 2) = 23.99",
      isError: false,
    });
  });

  test("points at the position of a syntax error", async () => {
    expect(await run({ expression: "(2+)*4" })).toEqual({
      content: 'Error at position 4: expected a number, a name or "(" but found ")".\n  (2+)*4\n     ^',
      isError: true,
    });
  });

  test("points at the operator of a division by zero, with tabs flattened so the caret lines up", async () => {
    expect(await run({ expression: "1 +\t8 / 0" })).toEqual({
      content: "Error at position 7: division by zero.\n  1 + 8 / 0\n        ^",
      isError: true,
    });
  });

  test("refuses missing, non-string and over-long expressions as data, without throwing", async () => {
    expect(await run({})).toEqual({ content: "`expression` is required.", isError: true });
    expect(await run({ expression: 42 })).toEqual({
      content: "`expression` must be a string.",
      isError: true,
    });
    const long = "1+".repeat(MAX_EXPRESSION_LENGTH) + "1";
    expect(await run({ expression: long })).toEqual({
      content: `The expression is ${long.length} characters long; the limit is ${MAX_EXPRESSION_LENGTH}.`,
      isError: true,
    });
  });

  test("reads only its own arguments: an inherited or __proto__ key is not an expression", async () => {
    const args = JSON.parse('{"__proto__": {"expression": "1+1"}}') as Record<string, unknown>;
    expect(await run(args)).toEqual({ content: "`expression` is required.", isError: true });
    expect(await run(Object.create({ expression: "1+1" }) as Record<string, unknown>)).toEqual({
      content: "`expression` is required.",
      isError: true,
    });
  });
});

import { describe, expect, test } from "vitest";
import { evaluateExpression, formatNumber, MAX_DEPTH } from "./calculator-parser";

const valueOf = (text: string) => {
  const result = evaluateExpression(text);
  return result.ok ? result.value : result;
};

describe("the calculator parser evaluates arithmetic with the usual rules", () => {
  test.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["(2+3)*4", 20],
    ["10 - 4 - 3", 3],
    ["100 / 10 / 5", 2],
    ["7 % 3", 1],
    ["-7 % 3", -1],
    ["2 * 3 % 4", 2],
    ["2^3^2", 512],
    ["(2^3)^2", 64],
    ["2**10", 1024],
    ["-2^2", -4],
    ["(-2)^2", 4],
    ["2^-1", 0.5],
    ["--3", 3],
    ["-+-3", 3],
    ["3 - -2", 5],
    ["-(4 + 1) * 2", -10],
    ["1.5 + .25", 1.75],
    ["1.5e3 / 3", 500],
    ["  42  ", 42],
    ["sqrt(16) + abs(-3)", 7],
    ["round(2.5)", 3],
    ["round(-2.5)", -3],
    ["round(1.005, 2)", 1.01],
    ["floor(-1.5) + ceil(1.2)", 0],
    ["min(4, 2, 8) + max(1, 9)", 11],
    ["max(-1)", -1],
    ["PI", Math.PI],
    ["2*pi", 2 * Math.PI],
    ["e^1", Math.E],
    ["-0 * 5", 0],
  ])("%s = %d", (text, expected) => {
    expect(valueOf(text)).toBe(expected);
  });

  test("-0 comes out as 0, never -0", () => {
    expect(Object.is(valueOf("-0"), 0)).toBe(true);
  });
});

describe("the calculator parser reports what is wrong and where (1-based)", () => {
  test.each([
    ["", "the expression is empty", 1],
    ["   ", "the expression is empty", 1],
    ["1 / 0", "division by zero", 3],
    ["5 % (2 - 2)", "remainder by zero", 3],
    ["(2+)*4", 'expected a number, a name or "(" but found ")"', 4],
    ["2 +", 'expected a number, a name or "(" but found the end of the expression', 4],
    ["(1 + 2", 'expected ")" to close the "(" at position 1 but found the end of the expression', 7],
    ["1 + 2)", 'unexpected ")" after a complete expression', 6],
    ["2 3", "unexpected the number 3 after a complete expression", 3],
    ["2pi", 'unexpected the name "pi" after a complete expression', 2],
    ["1.2.3", "unexpected the number .3 after a complete expression", 4],
    ["3 $ 4", 'unexpected character "$"', 3],
    ["x + 1", 'unknown name "x" (known: pi, e, sqrt(), abs(), floor(), ceil(), round(), min(), max())', 1],
    [
      "__proto__",
      'unknown name "__proto__" (known: pi, e, sqrt(), abs(), floor(), ceil(), round(), min(), max())',
      1,
    ],
    [
      "1 + constructor(2)",
      'unknown function "constructor" (known: pi, e, sqrt(), abs(), floor(), ceil(), round(), min(), max())',
      5,
    ],
    [
      "toString",
      'unknown name "toString" (known: pi, e, sqrt(), abs(), floor(), ceil(), round(), min(), max())',
      1,
    ],
    ["sqrt", "sqrt is a function; call it with parentheses, e.g. sqrt(16)", 1],
    ["pi(2)", "pi is a constant, not a function", 1],
    ["sqrt(-4)", "sqrt of a negative number (-4)", 1],
    ["sqrt(1, 2)", "sqrt takes 1 argument, got 2", 1],
    ["min()", "min takes at least 1 argument, got 0", 1],
    ["round(1, 2, 3)", "round takes 1 or 2 arguments, got 3", 1],
    ["round(1.5, 0.5)", "round's second argument must be an integer from 0 to 12", 1],
    ["max(1,", 'expected a number, a name or "(" but found the end of the expression', 7],
    ["(-8)^(1/3)", "-8 ^ 0.3333333333333333 is not a real number", 5],
    ["10^400", "the result is too large", 3],
    ["1 + 1e400", "the number 1e400 is too large", 5],
  ])("%j → %s at %d", (text, message, position) => {
    expect(evaluateExpression(text)).toEqual({ ok: false, message, position });
  });

  test(`nesting deeper than ${MAX_DEPTH} levels is an error, not a stack overflow`, () => {
    const deep = `${"(".repeat(MAX_DEPTH + 1)}1${")".repeat(MAX_DEPTH + 1)}`;
    expect(evaluateExpression(deep)).toEqual({
      ok: false,
      message: `nested more than ${MAX_DEPTH} levels deep`,
      position: MAX_DEPTH + 1,
    });
    expect(evaluateExpression(`${"(".repeat(MAX_DEPTH)}1${")".repeat(MAX_DEPTH)}`)).toEqual({
      ok: true,
      value: 1,
    });
    expect(evaluateExpression(`${"-".repeat(5000)}1`)).toMatchObject({ ok: false, position: MAX_DEPTH + 1 });
  });
});

describe("formatNumber", () => {
  test.each([
    [0.1 + 0.2, "0.3"],
    [20, "20"],
    [1 / 3, "0.333333333333"],
    [-1.5, "-1.5"],
    [1e21, "1e+21"],
    [123456789012345, "123456789012000"],
  ])("%d → %s", (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});

/**
 * The names the calculator knows: constants and functions. Kept in `Map`s, so `__proto__` or
 * `constructor` are unknown names rather than something inherited from `Object.prototype`.
 */
import "server-only";
import { CalculationError } from "./calculator-tokens";

/** A function the calculator can call. */
export interface CalculatorFunction {
  /** How many arguments it takes: `[minimum, maximum]`. */
  arity: readonly [number, number];
  /** Applies it; `position` is where the call starts, for errors. */
  apply(args: readonly number[], position: number): number;
}

/** The named constants, by lowercase name. */
export const CONSTANTS: ReadonlyMap<string, number> = new Map([
  ["pi", Math.PI],
  ["e", Math.E],
]);

/** Rounds half away from zero to `digits` decimals, without `toFixed`'s binary surprises. */
function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / factor;
}

const unary = (apply: (x: number) => number): CalculatorFunction => ({
  arity: [1, 1],
  apply: ([x = NaN]) => apply(x),
});

/** The functions, by lowercase name. */
export const FUNCTIONS: ReadonlyMap<string, CalculatorFunction> = new Map<string, CalculatorFunction>([
  [
    "sqrt",
    {
      arity: [1, 1],
      apply([x = NaN], position) {
        if (x < 0) throw new CalculationError(`sqrt of a negative number (${x})`, position);
        return Math.sqrt(x);
      },
    },
  ],
  ["abs", unary(Math.abs)],
  ["floor", unary(Math.floor)],
  ["ceil", unary(Math.ceil)],
  [
    "round",
    {
      arity: [1, 2],
      apply([x = NaN, digits = 0], position) {
        if (!Number.isInteger(digits) || digits < 0 || digits > 12)
          throw new CalculationError("round's second argument must be an integer from 0 to 12", position);
        return roundTo(x, digits);
      },
    },
  ],
  ["min", { arity: [1, Infinity], apply: (args) => Math.min(...args) }],
  ["max", { arity: [1, Infinity], apply: (args) => Math.max(...args) }],
]);

/** The value of a constant, or an error naming what exists. */
export function readConstant(name: string, position: number): number {
  const key = name.toLowerCase();
  const value = CONSTANTS.get(key);
  if (value !== undefined) return value;
  if (FUNCTIONS.has(key))
    throw new CalculationError(`${key} is a function; call it with parentheses, e.g. ${key}(16)`, position);
  throw new CalculationError(`unknown name "${name}" (known: ${listKnownNames()})`, position);
}

/** Calls a function by name, checking it exists and its arity. */
export function callFunction(name: string, args: readonly number[], position: number): number {
  const key = name.toLowerCase();
  const fn = FUNCTIONS.get(key);
  if (!fn) {
    if (CONSTANTS.has(key)) throw new CalculationError(`${key} is a constant, not a function`, position);
    throw new CalculationError(`unknown function "${name}" (known: ${listKnownNames()})`, position);
  }
  const [minimum, maximum] = fn.arity;
  if (args.length < minimum || args.length > maximum) {
    const expected =
      minimum === maximum
        ? `${minimum}`
        : maximum === Infinity
          ? `at least ${minimum}`
          : `${minimum} or ${maximum}`;
    throw new CalculationError(
      `${key} takes ${expected} argument${/\b1$/.test(expected) ? "" : "s"}, got ${args.length}`,
      position,
    );
  }
  return fn.apply(args, position);
}

/** Every constant and function, for error messages. */
export function listKnownNames(): string {
  return [...CONSTANTS.keys(), ...[...FUNCTIONS.keys()].map((name) => `${name}()`)].join(", ");
}

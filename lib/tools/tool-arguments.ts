/**
 * Reading a built-in tool's arguments defensively. The validate stage has usually checked them
 * against the schema already, but a replay with an edited schema or a direct call may not have,
 * so each tool checks again and answers a bad argument with an `isError` result, never a throw.
 */
import "server-only";
import type { BuiltinTool, ToolContext, ToolOutput } from "./types";

/** A failed result: errors are data. */
export function fail(content: string): ToolOutput {
  return { content, isError: true };
}

/** A successful result. */
export function succeed(content: string): ToolOutput {
  return { content, isError: false };
}

/** Thrown by the readers below and caught by `acceptArguments`; it never leaves a tool. */
class ArgumentProblem extends Error {}

/** An argument's value, own properties only: `__proto__` or `constructor` are never inherited. */
export function readArgument(args: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(args, name) ? args[name] : undefined;
}

/** A string argument; `fallback` when absent, else a problem. */
export function requireString(args: Record<string, unknown>, name: string, fallback?: string): string {
  const value = readArgument(args, name) ?? fallback;
  if (value === undefined) throw new ArgumentProblem(`\`${name}\` is required.`);
  if (typeof value !== "string") throw new ArgumentProblem(`\`${name}\` must be a string.`);
  return value;
}

/** An integer argument within `[minimum, maximum]`; `fallback` when absent. */
export function requireInteger(
  args: Record<string, unknown>,
  name: string,
  range: { minimum: number; maximum: number; fallback?: number },
): number {
  const value = readArgument(args, name) ?? range.fallback;
  if (value === undefined) throw new ArgumentProblem(`\`${name}\` is required.`);
  if (typeof value !== "number" || !Number.isInteger(value))
    throw new ArgumentProblem(`\`${name}\` must be an integer.`);
  if (value < range.minimum || value > range.maximum)
    throw new ArgumentProblem(
      `\`${name}\` must be between ${range.minimum} and ${range.maximum}, got ${value}.`,
    );
  return value;
}

/** One of `values`; `fallback` when absent. */
export function requireChoice<T extends string>(
  args: Record<string, unknown>,
  name: string,
  values: readonly T[],
  fallback?: T,
): T {
  const value = requireString(args, name, fallback);
  const found = values.find((candidate) => candidate === value);
  if (found === undefined)
    throw new ArgumentProblem(`\`${name}\` must be one of ${values.join(", ")}; got "${value}".`);
  return found;
}

/** Raises an argument problem from a tool's own checks (the message is what the model reads). */
export function rejectArgument(message: string): never {
  throw new ArgumentProblem(message);
}

/**
 * Wraps a tool body so that argument problems become `isError` results. Anything else thrown is
 * a bug and propagates (the pipeline turns it into an `execution_error`).
 */
export function acceptArguments(
  run: (args: Record<string, unknown>, context: ToolContext) => Promise<ToolOutput> | ToolOutput,
): BuiltinTool["execute"] {
  return async (args, context) => {
    try {
      return await run(args, context);
    } catch (error) {
      if (error instanceof ArgumentProblem) return fail(error.message);
      throw error;
    }
  };
}

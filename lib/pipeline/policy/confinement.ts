import { isRecord } from "@/lib/protocol/json-value";
import { assertNever } from "@/lib/protocol/unified";
import type { PolicyRule } from "@/lib/trace/config";
import { type PathRefusal, resolveWorkspacePath } from "@/lib/tools/workspace-path";
import { matchToolGlob } from "./glob";
import { formatPointer, readPointer } from "./pointer";

/** Property names that say "this is a path" (`path`, `filename`, `outputDir`, `folder`, …). */
export const PATH_ARGUMENT_NAME = /path|file|dir|folder|filename/i;

/** The rule or check id in a confinement block's `by`. */
export const CONFINEMENT_ID = "workspace-confinement";

/** A string argument confinement checks: where it is, how to name it to the model, its value. */
export interface PathArgument {
  pointer: string;
  /** `path`, `options.path`, `paths[1]`: how the reason names the argument. */
  label: string;
  value: string;
}

/** Confinement passed (with the arguments it checked), or the first argument that leaves. */
export type ConfinementResult =
  | { ok: true; checked: PathArgument[] }
  | { ok: false; argument: PathArgument; refusal: PathRefusal; reason: string };

/**
 * Lists the string arguments whose property name looks like a path ({@link PATH_ARGUMENT_NAME}),
 * at any depth; the strings of an array inherit the array's name (`paths: ["a", "b"]`).
 */
export function listPathArguments(args: Record<string, unknown>): PathArgument[] {
  const found: PathArgument[] = [];
  const walk = (value: unknown, tokens: string[], label: string, named: boolean, depth: number) => {
    if (depth > 32) return;
    if (typeof value === "string") {
      if (named) found.push({ pointer: formatPointer(tokens), label, value });
    } else if (Array.isArray(value)) {
      value.forEach((item, index) =>
        walk(item, [...tokens, String(index)], `${label}[${index}]`, named, depth + 1),
      );
    } else if (isRecord(value)) {
      for (const [key, item] of Object.entries(value))
        walk(
          item,
          [...tokens, key],
          label ? `${label}.${key}` : key,
          PATH_ARGUMENT_NAME.test(key),
          depth + 1,
        );
    }
  };
  walk(args, [], "", false, 0);
  return found;
}

/**
 * The built-in default: every path-like string argument (by name), plus every string a matching
 * preflight rule's `outsideWorkspace: true` condition points at, must pass
 * `resolveWorkspacePath`. Returns the first that does not, with a reason written for the model.
 */
export function checkConfinement(input: {
  toolName: string;
  args: Record<string, unknown>;
  rules: readonly PolicyRule[];
}): ConfinementResult {
  const checked = listPathArguments(input.args);
  for (const rule of input.rules) {
    if (rule.stage !== "preflight" || !matchToolGlob(rule.tool, input.toolName)) continue;
    for (const condition of rule.when ?? []) {
      if (condition.outsideWorkspace !== true || checked.some((a) => a.pointer === condition.pointer))
        continue;
      const read = readPointer(input.args, condition.pointer);
      if (read.found && typeof read.value === "string")
        checked.push({ pointer: condition.pointer, label: condition.pointer.slice(1), value: read.value });
    }
  }
  for (const argument of checked) {
    const resolved = resolveWorkspacePath(argument.value);
    if (resolved.ok) continue;
    return {
      ok: false,
      argument,
      refusal: resolved.refusal,
      reason: `\`${argument.label}\` must stay inside the workspace: ${explainRefusal(resolved.refusal)}. Nothing ran. Use a path like notes/todo.md.`,
    };
  }
  return { ok: true, checked };
}

/** The middle of a confinement reason: what about the path leaves the workspace. */
export function explainRefusal(refusal: PathRefusal): string {
  switch (refusal) {
    case "parent":
      return "`..` leaves it";
    case "absolute":
      return "an absolute path starts outside it";
    case "home":
      return "`~` is a home folder outside it";
    case "drive":
      return "a drive letter names another disk";
    case "backslash":
      return "a backslash is not a folder separator here, use /";
    case "nul":
      return "a NUL byte can cut the path short";
    case "control":
      return "control characters are not allowed in a path";
    case "encoded":
      return "encoded dots, slashes or % (%2e, %2f, %5c, %25) are not allowed, write the characters themselves";
    case "malformed-escape":
      return "a malformed %-escape is not allowed";
    case "lookalike":
      return "characters that stand for dots or slashes (fullwidth ．or ／) are not allowed";
    case "not-string":
      return "it must be a string";
    default:
      return assertNever(refusal, "path refusal");
  }
}

import { compileLinearRegex, type LinearRegex } from "@/lib/schema/linear-regex";
import type { PolicyRule } from "@/lib/trace/config";
import { resolveWorkspacePath } from "@/lib/tools/workspace-path";
import { matchToolGlob } from "./glob";
import { isDeepEqual } from "./json-value";
import { parsePointer, readPointer } from "./pointer";

/** One `when` condition of a policy rule. */
export type RuleCondition = NonNullable<PolicyRule["when"]>[number];

/** Whether a rule applies, and a note for the trail when it could not be evaluated. */
export interface RuleMatch {
  matches: boolean;
  /** Set when a condition is broken (an invalid regex or pointer): the rule then does not match. */
  note?: string;
}

/**
 * Whether a rule applies to a call: its `tool` glob matches the name and every `when`
 * condition holds against the arguments. A condition reads the value at its JSON `pointer`
 * (not found → the condition fails) and checks every test it carries:
 * - `equals`: deep equality with the value (any JSON value, `null` included);
 * - `regex`: the value is a string the regular expression (no flags) finds a match in, run on
 *   the linear-time engine (a pattern it refuses counts as invalid);
 * - `outsideWorkspace`: `true` holds when the value is a string that `resolveWorkspacePath`
 *   refuses, `false` when it is a string it accepts.
 * A condition with no test holds when the pointer finds a value. A malformed pointer or an
 * invalid regex makes the rule not match and sets `note`. Never throws.
 */
export function matchRule(rule: PolicyRule, toolName: string, args: Record<string, unknown>): RuleMatch {
  if (!matchToolGlob(rule.tool, toolName)) return { matches: false };
  for (const condition of rule.when ?? []) {
    const result = checkCondition(condition, args);
    if (typeof result === "string") return { matches: false, note: `rule ${rule.id}: ${result}, skipped` };
    if (!result) return { matches: false };
  }
  return { matches: true };
}

/** Whether one condition holds, or a string saying why it cannot be evaluated. */
function checkCondition(condition: RuleCondition, args: Record<string, unknown>): boolean | string {
  if (parsePointer(condition.pointer) === null) return `invalid JSON pointer \`${condition.pointer}\``;
  let regex: LinearRegex | null = null;
  if (condition.regex !== undefined) {
    const compiled = compileLinearRegex(condition.regex);
    if (!compiled.ok)
      return compiled.reason === "syntax"
        ? `invalid regex \`${condition.regex}\``
        : `regex \`${condition.regex}\` refused by the linear-time engine (${compiled.error})`;
    regex = compiled.regex;
  }
  const read = readPointer(args, condition.pointer);
  if (!read.found) return false;
  const value = read.value;
  if (Object.hasOwn(condition, "equals") && !isDeepEqual(value, condition.equals)) return false;
  if (regex && (typeof value !== "string" || !regex.test(value))) return false;
  if (condition.outsideWorkspace !== undefined) {
    if (typeof value !== "string") return false;
    if (!resolveWorkspacePath(value).ok !== condition.outsideWorkspace) return false;
  }
  return true;
}

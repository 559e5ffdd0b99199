import { compileLinearRegex } from "@/lib/schema/linear-regex";

/** A regex of a policy that the server would have to run and cannot: where it is, and why. */
export interface RefusedPolicyPattern {
  readonly pointer: string;
  readonly error: string;
}

/**
 * The first regex of a policy (any JSON: a file's policy may be anything) that the linear-time
 * engine refuses or that does not parse: `redact[i]`, `rules[j].when[k].regex`, and a redact
 * rule's `arguments.pattern`. Pointers are under `base`. Pure; never throws.
 */
export function findRefusedPolicyPattern(policy: unknown, base: string): RefusedPolicyPattern | null {
  if (!isObject(policy)) return null;
  const patterns: [string, unknown][] = [];
  if (Array.isArray(policy.redact))
    policy.redact.forEach((source, index) => patterns.push([`/redact/${index}`, source]));
  if (Array.isArray(policy.rules))
    policy.rules.forEach((rule: unknown, index) => {
      if (!isObject(rule)) return;
      if (Array.isArray(rule.when))
        rule.when.forEach((condition: unknown, at) => {
          if (isObject(condition) && condition.regex !== undefined)
            patterns.push([`/rules/${index}/when/${at}/regex`, condition.regex]);
        });
      if (rule.action === "redact" && isObject(rule.arguments) && typeof rule.arguments.pattern === "string")
        patterns.push([`/rules/${index}/arguments/pattern`, rule.arguments.pattern]);
    });
  for (const [pointer, source] of patterns) {
    if (typeof source !== "string") continue;
    const compiled = compileLinearRegex(source);
    if (!compiled.ok) return { pointer: `${base}${pointer}`, error: compiled.error };
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

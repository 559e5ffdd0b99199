import type { HookError, HookInput, HookVerdict, PreflightHook } from "./types";

/** What running the session's hooks came to. */
export type HooksOutcome =
  | { kind: "block"; by: string; reason: string; errorKind: "blocked_by_policy" | "hook_error" }
  | { kind: "continue"; approval: { by: string; reason: string } | null };

/**
 * Runs the hooks the policy names, in order, each in a try/catch. A hook that throws, returns
 * something that is not a verdict, or is named but not registered is a hook failure: under
 * `fail-closed` it blocks with `hook_error` at once; under `fail-open` it is recorded in
 * `hookErrors` and the next hook runs. The first `block` verdict wins; the first
 * `require-approval` is remembered. Appends one trail line per hook.
 */
export function runHooks(input: {
  names: readonly string[];
  registry: ReadonlyMap<string, PreflightHook>;
  hookInput: HookInput;
  failure: "fail-closed" | "fail-open";
  trail: string[];
  hookErrors: HookError[];
}): HooksOutcome {
  let approval: { by: string; reason: string } | null = null;
  for (const name of input.names) {
    let verdict: HookVerdict;
    try {
      const hook = input.registry.get(name);
      if (!hook) throw new Error(`no hook named \`${name}\` is registered`);
      verdict = checkVerdict(hook.check(input.hookInput));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (input.failure === "fail-open") {
        input.trail.push(`hook ${name}: failed, continuing (fail-open)`);
        input.hookErrors.push({ hook: name, message });
        continue;
      }
      input.trail.push(`hook ${name}: failed (fail-closed)`);
      return {
        kind: "block",
        by: name,
        errorKind: "hook_error",
        reason: `The harness check \`${name}\` failed (${message}), so nothing ran. The failure is in the harness, not in your arguments: tell the person instead of retrying.`,
      };
    }
    input.trail.push(`hook ${name}: ${verdict.action}`);
    if (verdict.action === "block")
      return { kind: "block", by: name, reason: verdict.reason, errorKind: "blocked_by_policy" };
    if (verdict.action === "require-approval" && approval === null)
      approval = { by: name, reason: verdict.reason };
  }
  return { kind: "continue", approval };
}

/** A hook is code a test or a person may write: its answer is checked, not trusted. */
function checkVerdict(value: unknown): HookVerdict {
  if (value !== null && typeof value === "object" && "action" in value) {
    const verdict = value as { action: unknown; reason?: unknown };
    if (verdict.action === "allow") return { action: "allow" };
    if (
      (verdict.action === "block" || verdict.action === "require-approval") &&
      typeof verdict.reason === "string"
    )
      return { action: verdict.action, reason: verdict.reason };
  }
  throw new Error("the hook returned no valid verdict");
}

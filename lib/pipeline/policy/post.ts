import { assertNever } from "@/lib/protocol/unified";
import type { PolicyRule } from "@/lib/trace/config";
import { matchRule } from "./conditions";
import { compileRegex, compileSecretPatterns, formatCount, redactText, truncateText } from "./result-text";
import { POST_ACTIONS, type PostAction, type PostInput, type PostOutcome } from "./types";

/** The result budget when the policy sets none (docs/architecture.md, `maxResultChars`). */
export const DEFAULT_MAX_RESULT_CHARS = 8000;

/**
 * The `post` stage's result governance, in order:
 * 1. always: secrets are redacted (the append-time patterns plus `policy.redact`), first, so that
 *    no rule can cut a secret in half and leave a readable prefix behind;
 * 2. the session's post rules whose tool glob and `when` conditions (on the call's arguments)
 *    match, in order: `set-error`, `clear-error`, `terminate`, `truncate` (`arguments.maxChars`,
 *    else the policy's budget), `redact` (`arguments.pattern`, a regex);
 * 3. always: truncation to `policy.maxResultChars` (default 8,000; a value that is not a positive
 *    integer counts as unset) with a marker that says how much was cut.
 * `applied` says, in order, what changed anything. Pure; never throws.
 */
export function applyPostRules(input: PostInput): PostOutcome {
  const applied: string[] = [];
  const budget = readPositiveInteger(input.policy.maxResultChars) ?? DEFAULT_MAX_RESULT_CHARS;
  const secrets = compileSecretPatterns(input.policy.redact ?? []);
  applied.push(...secrets.notes);
  const redacted = redactText(input.content, secrets.patterns);
  if (redacted.count > 0) applied.push(`redacted ${redacted.count} secret${redacted.count === 1 ? "" : "s"}`);

  const state = { content: redacted.content, isError: input.isError, terminate: false };
  for (const rule of input.policy.rules ?? []) {
    if (rule.stage !== "post") continue;
    const match = matchRule(rule, input.call.name, input.call.arguments);
    if (match.note) applied.push(match.note);
    if (!match.matches) continue;
    const action = readPostAction(rule.action);
    if (action === null) applied.push(`rule ${rule.id}: unknown post action \`${rule.action}\`, skipped`);
    else applied.push(applyRule(rule, action, state, budget));
  }

  const truncated = truncateText(state.content, budget, `maxResultChars ${formatCount(budget)}`);
  if (truncated.cut > 0)
    applied.push(
      `truncated ${formatCount(state.content.length)} → ${formatCount(budget)} characters (maxResultChars)`,
    );
  return { content: truncated.content, isError: state.isError, terminate: state.terminate, applied };
}

/** Applies one matching post rule to the state and returns its `applied` line. */
function applyRule(
  rule: PolicyRule,
  action: PostAction,
  state: { content: string; isError: boolean; terminate: boolean },
  budget: number,
): string {
  switch (action) {
    case "set-error":
      state.isError = true;
      return `rule ${rule.id}: set-error`;
    case "clear-error":
      state.isError = false;
      return `rule ${rule.id}: clear-error`;
    case "terminate":
      state.terminate = true;
      return `rule ${rule.id}: terminate after this turn`;
    case "truncate": {
      const maxChars = readPositiveInteger(rule.arguments?.maxChars) ?? budget;
      const before = state.content.length;
      const label = `rule ${rule.id}, maxChars ${formatCount(maxChars)}`;
      const truncated = truncateText(state.content, maxChars, label);
      state.content = truncated.content;
      return truncated.cut > 0
        ? `rule ${rule.id}: truncated ${formatCount(before)} → ${formatCount(maxChars)} characters`
        : `rule ${rule.id}: within ${formatCount(maxChars)} characters, nothing cut`;
    }
    case "redact": {
      const source = rule.arguments?.pattern;
      const pattern = typeof source === "string" ? compileRegex(source) : null;
      if (pattern === null)
        return `rule ${rule.id}: redact needs \`arguments.pattern\`, a valid regex; skipped`;
      const redacted = redactText(state.content, [pattern]);
      state.content = redacted.content;
      return `rule ${rule.id}: redacted ${redacted.count} match${redacted.count === 1 ? "" : "es"}`;
    }
    default:
      return assertNever(action, "post action");
  }
}

function readPostAction(action: string): PostAction | null {
  return (POST_ACTIONS as readonly string[]).includes(action) ? (action as PostAction) : null;
}

function readPositiveInteger(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

import { isRecord } from "@/lib/protocol/json-value";
import { assertNever } from "@/lib/protocol/unified";
import type { PolicyRule } from "@/lib/trace/config";
import { matchRule } from "./conditions";
import { CONFINEMENT_ID, checkConfinement } from "./confinement";
import { matchToolGlob } from "./glob";
import { applyMergePatch } from "./json-value";
import { runHooks } from "./run-hooks";
import {
  type HookError,
  PREFLIGHT_ACTIONS,
  type PreflightAction,
  type PreflightDecision,
  type PreflightInput,
} from "./types";

/** The `by` of an approval asked for by the tool's own metadata. */
export const DEFAULT_APPROVAL_ID = "default-approval";

type Approval = { by: string; reason: string };

/**
 * The `preflight` stage's policy, in order:
 * 1. workspace confinement (built in, cannot be overridden): every path-like string argument
 *    must stay inside the workspace, else `block` by `workspace-confinement`;
 * 2. the session's preflight rules, in order: `allow` stops the rules (and skips step 4),
 *    `block` stops everything, `rewrite` merge-patches the arguments (confinement is checked
 *    again) and continues, `require-approval` is remembered (the first one wins);
 * 3. the hooks the policy names, on the rewritten arguments, under the hook-failure policy;
 * 4. the default approval for tools marked `destructive` or `needsApproval`.
 * The first block wins; otherwise a remembered approval; otherwise allow. The caller validates
 * rewritten arguments against the schema again. Pure and synchronous; never throws (hook
 * failures become decisions).
 */
export function evaluatePreflight(input: PreflightInput): PreflightDecision {
  const trail: string[] = [];
  const hookErrors: HookError[] = [];
  const rewrittenBy: string[] = [];
  const rules = (input.policy.rules ?? []).filter((rule) => rule.stage === "preflight");
  const block = (
    by: string,
    reason: string,
    errorKind: "blocked_by_policy" | "hook_error" = "blocked_by_policy",
  ) => ({ action: "block", reason, by, errorKind, rewrittenBy, trail, hookErrors }) as const;

  let args = input.call.arguments;
  const mcp = input.tool.source !== undefined;
  const confinementFailure = confine(input.call.name, args, rules, trail, mcp);
  if (confinementFailure) return block(CONFINEMENT_ID, confinementFailure);

  let approval: Approval | null = null;
  let allowedBy: string | null = null;
  for (const rule of rules) {
    if (!matchToolGlob(rule.tool, input.call.name)) continue;
    const match = matchRule(rule, input.call.name, args);
    if (!match.matches) {
      trail.push(match.note ?? `rule ${rule.id} did not match`);
      continue;
    }
    const action = readPreflightAction(rule.action);
    if (action === null) {
      trail.push(`rule ${rule.id}: unknown preflight action \`${rule.action}\`, skipped`);
      continue;
    }
    if (action === "rewrite" && !isRecord(rule.arguments)) {
      trail.push(`rule ${rule.id} matched: rewrite without \`arguments\`, skipped`);
      continue;
    }
    trail.push(`rule ${rule.id} matched: ${action}`);
    switch (action) {
      case "allow":
        allowedBy = rule.id;
        break;
      case "block":
        return block(rule.id, rule.reason ?? `Policy rule \`${rule.id}\` blocks this call. Nothing ran.`);
      case "rewrite": {
        args = applyMergePatch(args, rule.arguments) as Record<string, unknown>;
        rewrittenBy.push(rule.id);
        const failure = confine(input.call.name, args, rules, trail, mcp);
        if (failure)
          return block(CONFINEMENT_ID, `${failure} (Policy rule \`${rule.id}\` rewrote the arguments.)`);
        break;
      }
      case "require-approval":
        approval ??= {
          by: rule.id,
          reason: rule.reason ?? `Policy rule \`${rule.id}\` asks a person to approve this call.`,
        };
        break;
      default:
        return assertNever(action, "preflight action");
    }
    if (allowedBy !== null) break;
  }

  const hooks = runHooks({
    names: input.policy.hooks ?? [],
    registry: input.hooks,
    hookInput: {
      call: { ...input.call, arguments: args },
      tool: input.tool,
      log: input.log,
      workspace: input.workspace,
    },
    failure: input.policy.hookFailure ?? "fail-closed",
    trail,
    hookErrors,
  });
  if (hooks.kind === "block") return block(hooks.by, hooks.reason, hooks.errorKind);
  approval ??= hooks.approval;

  const fromMetadata = describeDefaultApproval(input.tool);
  if (fromMetadata !== null) {
    if (allowedBy !== null) trail.push(`default approval: skipped, rule ${allowedBy} allowed the call`);
    else {
      trail.push(
        approval ? `default approval: already asked by ${approval.by}` : "default approval: require-approval",
      );
      approval ??= { by: DEFAULT_APPROVAL_ID, reason: fromMetadata };
    }
  }
  return approval
    ? { action: "require-approval", ...approval, arguments: args, rewrittenBy, trail, hookErrors }
    : { action: "allow", arguments: args, rewrittenBy, trail, hookErrors };
}

/**
 * Runs confinement, adds its trail line, and returns the block reason or null. An MCP tool's
 * paths are not the sandbox's: they name its server's world, which the server confines itself
 * (the filesystem server to its allowed folders), so confinement does not apply to them.
 */
function confine(
  name: string,
  args: Record<string, unknown>,
  rules: readonly PolicyRule[],
  trail: string[],
  mcp: boolean,
) {
  if (mcp) {
    trail.push(`${CONFINEMENT_ID}: not applied (an MCP tool's paths are its server's, not the sandbox's)`);
    return null;
  }
  const result = checkConfinement({ toolName: name, args, rules });
  if (!result.ok) {
    trail.push(`${CONFINEMENT_ID}: \`${result.argument.label}\` refused (${result.refusal})`);
    return result.reason;
  }
  const labels = result.checked.map((argument) => argument.label).join(", ");
  trail.push(`${CONFINEMENT_ID}: ${labels ? `ok (${labels})` : "no path arguments"}`);
  return null;
}

function readPreflightAction(action: string): PreflightAction | null {
  return (PREFLIGHT_ACTIONS as readonly string[]).includes(action) ? (action as PreflightAction) : null;
}

/**
 * Why the tool's metadata asks for approval, written for the model, or null when it does not.
 * For an MCP tool it says where `destructive` came from: the server's `destructiveHint`, or the
 * MCP spec's default for a tool that gives none (destructive and open-world).
 */
function describeDefaultApproval(tool: PreflightInput["tool"]) {
  const meta = tool.meta ?? {};
  const marks = [meta.destructive ? "destructive" : null, meta.needsApproval ? "as needing approval" : null];
  const said = marks.filter((mark) => mark !== null).join(" and ");
  if (!said) return null;
  const hints = tool.source?.annotations;
  const why = !tool.source
    ? ""
    : hints?.destructiveHint === undefined
      ? ` (its MCP server ${tool.source.mcp} gives no destructiveHint, and an MCP tool without one is taken as destructive${hints?.openWorldHint === undefined ? " and open-world" : ""})`
      : ` (its MCP server ${tool.source.mcp} says destructiveHint: true)`;
  return `\`${tool.name}\` is marked ${said}${why}, so a person approves each call before it runs.`;
}

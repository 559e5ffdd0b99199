import type { PolicyConfig, ToolDefinition } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import type { WorkspaceView } from "@/lib/trace/workspace";

/** A call as preflight sees it: arguments already prepared (parsed) and schema-valid. */
export interface PolicyCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** What a hook sees: the call, its tool, and the session as of now. */
export interface HookInput {
  /** The call with its arguments as preflight's rules left them (after any rewrite). */
  call: PolicyCall;
  tool: ToolDefinition;
  /** The session's log so far (hooks read history: what was read, what already ran). */
  log: readonly TraceEvent[];
  workspace: WorkspaceView;
}

/** A hook's answer. A `block` reason is shown to the model; write it for the model. */
export type HookVerdict =
  { action: "allow" } | { action: "block"; reason: string } | { action: "require-approval"; reason: string };

/**
 * A preflight hook: a check beyond the schema that reads the log. It may throw; what then
 * happens follows the session's hook-failure policy (`fail-closed` blocks with `hook_error`,
 * `fail-open` allows and records the failure).
 */
export interface PreflightHook {
  id: string;
  check(input: HookInput): HookVerdict;
}

/** A hook that threw under `fail-open` (or was named but not registered). */
export interface HookError {
  hook: string;
  message: string;
}

/** The preflight actions a policy rule may take (docs/architecture.md, "The tool pipeline"). */
export const PREFLIGHT_ACTIONS = ["allow", "block", "rewrite", "require-approval"] as const;
export type PreflightAction = (typeof PREFLIGHT_ACTIONS)[number];

/** The post actions a policy rule may take. */
export const POST_ACTIONS = ["set-error", "clear-error", "terminate", "truncate", "redact"] as const;
export type PostAction = (typeof POST_ACTIONS)[number];

/** What preflight decided, with the trail of rules and hooks that decided it. */
export type PreflightDecision =
  | {
      action: "allow";
      arguments: Record<string, unknown>;
      /** Ids of the `rewrite` rules applied, in order; the caller validates the arguments again. */
      rewrittenBy: string[];
      /** One short line per check, rule and hook considered, in order, for the stage detail. */
      trail: string[];
      hookErrors: HookError[];
    }
  | {
      action: "block";
      /** Written for the model: what is wrong, that nothing ran, what to send instead. */
      reason: string;
      /** The rule id, hook id, or `workspace-confinement` that blocked. */
      by: string;
      errorKind: "blocked_by_policy" | "hook_error";
      /** Rewrites applied before the block (empty when none). */
      rewrittenBy: string[];
      trail: string[];
      hookErrors: HookError[];
    }
  | {
      action: "require-approval";
      reason: string;
      /** The rule id, hook id, or `default-approval` (the tool's metadata) that asked. */
      by: string;
      arguments: Record<string, unknown>;
      rewrittenBy: string[];
      trail: string[];
      hookErrors: HookError[];
    };

/** Everything preflight reads; nothing in it is modified. */
export interface PreflightInput {
  call: PolicyCall;
  tool: ToolDefinition;
  policy: PolicyConfig;
  log: readonly TraceEvent[];
  workspace: WorkspaceView;
  /** Hooks by id (the built-ins plus any a test registers). */
  hooks: ReadonlyMap<string, PreflightHook>;
}

/** The tool's raw output, before post rules. */
export interface PostInput {
  call: PolicyCall;
  tool: ToolDefinition;
  policy: PolicyConfig;
  content: string;
  isError: boolean;
}

/** The result after post rules, redaction and truncation, and what changed it. */
export interface PostOutcome {
  content: string;
  isError: boolean;
  /** Stop the loop after this turn (side effects stay done). */
  terminate: boolean;
  /** What each applied rule did, for the stage summary ("truncated 12,000 → 8,000", "redacted 2 secrets"). */
  applied: string[];
}

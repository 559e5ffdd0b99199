import type { ToolCallBlock } from "@/lib/protocol/unified";
import type { ToolDefinition } from "@/lib/trace/config";
import { hintFor } from "./error-kinds";
import { evaluatePreflight } from "./policy";
import { prepareArguments } from "./prepare";
import type { StageRecorder } from "./stage-recorder";
import type { NormalizedResult, PipelineContext } from "./types";

/** A call that passed lookup → prepare → validate → preflight. */
export interface CheckedCall {
  call: ToolCallBlock;
  tool: ToolDefinition;
  arguments: Record<string, unknown>;
  /** Why the call needs a person's approval, or null. */
  approval: string | null;
}

export type CheckOutcome = { ok: true; checked: CheckedCall } | { ok: false; result: NormalizedResult };

const fail = (
  kind: NormalizedResult["errorKind"] & string,
  content: string,
  hint = hintFor(kind),
): CheckOutcome => ({
  ok: false,
  result: { content, isError: true, errorKind: kind, hint },
});

/**
 * The checks before anything can run: `lookup`, `prepare`, `validate`, `preflight` (and
 * `validate` again after a rewrite). Each emits its stage; the first failure becomes the
 * call's error result, written for the model, and nothing has run.
 */
export function checkCall(
  call: ToolCallBlock,
  context: PipelineContext,
  stages: StageRecorder,
): CheckOutcome {
  const lookupEnd = stages.start("lookup", call.name);
  const tool = context.tools.get(call.name);
  if (!tool) {
    const available = [...context.tools.keys()].map((name) => `\`${name}\``).join(", ") || "none";
    lookupEnd("error", "unknown tool");
    return fail("unknown_tool", `Unknown tool \`${call.name}\`. Nothing ran. Available tools: ${available}.`);
  }
  lookupEnd(
    "ok",
    tool.source
      ? `MCP ${tool.source.tool} on server ${tool.source.mcp}`
      : tool.builtin
        ? `built-in ${tool.name}`
        : `custom ${tool.name} (${tool.mock?.kind ?? "echo"} mock)`,
  );

  const prepareEnd = stages.start(
    "prepare",
    typeof call.arguments === "string" ? call.arguments : call.rawArguments,
  );
  const prepared = prepareArguments(call.arguments, call.rawArguments);
  if (!prepared.ok) {
    prepareEnd("error", prepared.message);
    return fail("invalid_arguments", `${prepared.message} Nothing ran.`);
  }
  prepareEnd("ok", JSON.stringify(prepared.arguments));

  const invalid = validateAgainstSchema(call, tool, prepared.arguments, context, stages, "");
  if (invalid) return invalid;

  return preflightCall(call, tool, prepared.arguments, context, stages, "");
}

/**
 * The `preflight` stage on `args` (and `validate` again after a rewrite): the policy's rules and
 * hooks, path confinement included. `when` words the stage details (" as edited by the person").
 */
export function preflightCall(
  call: ToolCallBlock,
  tool: ToolDefinition,
  args: Record<string, unknown>,
  context: PipelineContext,
  stages: StageRecorder,
  when: string,
): CheckOutcome {
  const preflightEnd = stages.start("preflight", JSON.stringify(args));
  const decision = evaluatePreflight({
    call: { id: call.id, name: call.name, arguments: args },
    tool,
    policy: context.policy,
    log: context.log(),
    workspace: context.workspace(),
    hooks: context.hooks,
  });
  const trail = [...decision.trail, ...decision.hookErrors.map((e) => `${e.hook} threw: ${e.message}`)].join(
    "; ",
  );
  if (decision.action === "block") {
    preflightEnd("blocked", `${decision.by}: ${decision.reason}`);
    return fail(decision.errorKind, `Blocked by ${decision.by}${when}: ${decision.reason}`);
  }
  preflightEnd("ok", trail || "no rule matched");
  if (decision.rewrittenBy.length > 0) {
    const after = validateAgainstSchema(
      call,
      tool,
      decision.arguments,
      context,
      stages,
      ` after rewrite by ${decision.rewrittenBy.join(", ")}`,
    );
    if (after) return after;
  }
  return {
    ok: true,
    checked: {
      call,
      tool,
      arguments: decision.arguments,
      approval: decision.action === "require-approval" ? `${decision.by}: ${decision.reason}` : null,
    },
  };
}

/** The `validate` stage; returns the failure, or null when the arguments are valid. */
export function validateAgainstSchema(
  call: ToolCallBlock,
  tool: ToolDefinition,
  args: Record<string, unknown>,
  context: PipelineContext,
  stages: StageRecorder,
  when: string,
): CheckOutcome | null {
  const end = stages.start("validate", JSON.stringify(args));
  const verdict = context.validate(tool.input_schema, args);
  if (verdict.valid) {
    end("ok", `valid${when}`);
    return null;
  }
  end("error", verdict.message);
  return fail(
    "schema_validation_error",
    `The arguments for \`${call.name}\`${when} do not match its input_schema:\n${verdict.message}\nNothing ran.`,
    verdict.hint,
  );
}

import { hintFor } from "./error-kinds";
import type { CheckedCall } from "./check-call";
import { preflightCall, validateAgainstSchema } from "./check-call";
import type { StageEnd, StageRecorder } from "./stage-recorder";
import type { Decision, NormalizedResult, PipelineContext } from "./types";

export type ApprovalOutcome =
  { ok: true; arguments: Record<string, unknown> } | { ok: false; result: NormalizedResult };

/**
 * The `approval` stage: a call that needs a person waits (the run pauses) until they approve,
 * deny, or edit it; edited arguments go through `validate` and `preflight` again (path
 * confinement and every rule) before anything runs — a person's approval of them stands, so a
 * rule that asks for approval is not asked again.
 */
export async function approveCall(
  checked: CheckedCall,
  context: PipelineContext,
  stages: StageRecorder,
): Promise<ApprovalOutcome> {
  const { call } = checked;
  if (!checked.approval) return context.atomicallySoon(() => skipApproval(checked, stages));
  const reason = checked.approval;
  // The stage's start and its waiting are written in one transaction, as is all that follows the decision.
  const end = context.atomically(() => {
    const ended = stages.start("approval", reason);
    context.emit({
      kind: "tool.stage",
      callId: call.id,
      stage: "approval",
      status: "waiting",
      output: reason,
    });
    return ended;
  });
  const decision = await context.awaitDecision(call.id);
  return context.atomically(() => recordDecision(checked, decision, end, context, stages));
}

/** The `approval` stage of a call that needs nobody: skipped. */
export function skipApproval(checked: CheckedCall, stages: StageRecorder): ApprovalOutcome {
  stages.skip("approval", "not required");
  return { ok: true, arguments: checked.arguments };
}

/** A person's decision on a call, and what it makes of the call (synchronous: one transaction). */
function recordDecision(
  checked: CheckedCall,
  decision: Decision,
  end: StageEnd,
  context: PipelineContext,
  stages: StageRecorder,
): ApprovalOutcome {
  const { call } = checked;
  context.emit({
    kind: "tool.decision",
    callId: call.id,
    decision: decision.decision,
    ...(decision.arguments === undefined ? {} : { arguments: decision.arguments }),
    ...(decision.reason === undefined ? {} : { reason: decision.reason }),
  });
  switch (decision.decision) {
    case "approve":
      end("ok", "approved");
      return { ok: true, arguments: checked.arguments };
    case "deny": {
      const why = decision.reason ? `: ${decision.reason}` : ".";
      end("blocked", `denied${why}`);
      return {
        ok: false,
        result: {
          content: `The person denied this call${why} Nothing ran.`,
          isError: true,
          errorKind: "denied_by_user",
          hint: hintFor("denied_by_user"),
        },
      };
    }
    case "edit": {
      const edited = (decision.arguments ?? {}) as Record<string, unknown>;
      const invalid = validateAgainstSchema(
        call,
        checked.tool,
        edited,
        context,
        stages,
        " as edited by the person",
      );
      if (invalid && !invalid.ok) {
        end("error", "edited arguments are invalid");
        return invalid;
      }
      const preflight = preflightCall(
        call,
        checked.tool,
        edited,
        context,
        stages,
        " (arguments as edited by the person)",
      );
      if (!preflight.ok) {
        end("blocked", "edited arguments are refused by preflight");
        return preflight;
      }
      end("ok", `edited: ${JSON.stringify(preflight.checked.arguments)}`);
      return { ok: true, arguments: preflight.checked.arguments };
    }
  }
}

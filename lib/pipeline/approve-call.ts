import { hintFor } from "./error-kinds";
import type { CheckedCall } from "./check-call";
import { preflightCall, validateAgainstSchema } from "./check-call";
import type { StageRecorder } from "./stage-recorder";
import type { NormalizedResult, PipelineContext } from "./types";

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
  if (!checked.approval) {
    stages.skip("approval", "not required");
    return { ok: true, arguments: checked.arguments };
  }
  const end = stages.start("approval", checked.approval);
  context.emit({
    kind: "tool.stage",
    callId: call.id,
    stage: "approval",
    status: "waiting",
    output: checked.approval,
  });
  const decision = await context.awaitDecision(call.id);
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

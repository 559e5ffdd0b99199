import type { ToolCallBlock, ToolResultBlock } from "@/lib/protocol/unified";
import { approveCall, skipApproval } from "./approve-call";
import { checkCall, type CheckedCall } from "./check-call";
import { hintFor } from "./error-kinds";
import { executeCall } from "./execute-call";
import { planSchedule } from "./plan-batch";
import { createStageRecorder } from "./stage-recorder";
import type { BatchInput, BatchOutput, NormalizedResult, PipelineContext } from "./types";

/**
 * Runs every call of one assistant turn through the nine stages and returns one result per
 * call, in call order, whatever order they finished in (docs/architecture.md, "The tool pipeline").
 *
 * `all-or-nothing` (the default) checks every call first (lookup → preflight); if any fails,
 * nobody is asked to approve anything and nothing executes: the failing calls get their own
 * error, the others `batch_aborted` naming the call that failed. Then approvals, one call at a
 * time; a denial aborts the rest the same way. `independent` runs each call on its own.
 */
export async function runBatch({ calls, context }: BatchInput): Promise<BatchOutput> {
  const policy = context.policy.batch ?? "all-or-nothing";
  const schedule = planSchedule(calls, context.tools);
  // Written with the batch's first transaction (its checks).
  context.emitSoon({
    kind: "batch.planned",
    turn: context.turn,
    callIds: calls.map((c) => c.id),
    policy,
    schedule,
  });
  const results = new Map<string, NormalizedResult>();
  const byId = new Map(calls.map((call) => [call.id, call]));
  let terminate = false;
  let aborted = false;

  const finish = (call: ToolCallBlock, result: NormalizedResult) => {
    results.set(call.id, result);
    emitResult(call, result, context);
  };
  /**
   * Runs one schedule group in parallel; each result is recorded the moment its call ends (`run`
   * calls `record`, in the transaction of the call's last stages).
   */
  const runGroup = async (
    group: string[],
    run: (id: string, record: (result: NormalizedResult) => void) => Promise<{ terminate: boolean }>,
  ) => {
    const outcomes = await Promise.all(group.map((id) => run(id, (result) => finish(byId.get(id)!, result))));
    for (const id of group) await context.checkpoint("afterResult", { callId: id });
    return outcomes.some((outcome) => outcome.terminate);
  };

  if (policy === "all-or-nothing") {
    const checked: CheckedCall[] = [];
    // Every call's checks are synchronous: their events are written in one transaction, which
    // may share its commit with what follows in this turn of the event loop.
    const firstFailure = context.atomicallySoon(() => {
      for (const call of calls) {
        const outcome = checkCall(call, context, createStageRecorder(call.id, context));
        if (outcome.ok) checked.push(outcome.checked);
        else finish(call, outcome.result);
      }
      const failed = calls.find((call) => results.has(call.id));
      if (failed) for (const { call } of checked) finish(call, abortedBy(failed, "failed its checks"));
      return failed;
    });
    if (firstFailure) {
      aborted = true;
    } else {
      const approved = new Map<string, Record<string, unknown>>();
      for (let index = 0; index < checked.length && !aborted;) {
        // The calls that need nobody, up to the next that does: their skipped approvals together,
        // written with what follows (their execution, or the next call's wait for a person).
        if (!checked[index]!.approval)
          context.atomicallySoon(() => {
            for (; index < checked.length && !checked[index]!.approval; index++) {
              const item = checked[index]!;
              const outcome = skipApproval(item, createStageRecorder(item.call.id, context));
              if (outcome.ok) approved.set(item.call.id, outcome.arguments);
            }
          });
        const item = checked[index++];
        if (!item) break;
        const outcome = await approveCall(item, context, createStageRecorder(item.call.id, context));
        if (outcome.ok) {
          approved.set(item.call.id, outcome.arguments);
          continue;
        }
        aborted = true;
        context.atomically(() => {
          finish(item.call, outcome.result);
          for (const other of checked)
            if (other !== item) finish(other.call, abortedBy(item.call, "was not approved"));
        });
      }
      if (!aborted) {
        const checkedById = new Map(checked.map((item) => [item.call.id, item]));
        for (const group of schedule) {
          terminate ||= await runGroup(group, (id, record) =>
            executeCall(
              checkedById.get(id)!,
              approved.get(id)!,
              context,
              createStageRecorder(id, context),
              record,
            ),
          );
        }
      }
    }
  } else {
    for (const group of schedule) {
      terminate ||= await runGroup(group, (id, record) => runIndependently(byId.get(id)!, context, record));
    }
  }

  return {
    results: calls.map((call) => toBlock(call, results.get(call.id)!)),
    terminate,
    decision: aborted ? "aborted" : "executed",
    schedule,
  };
}

async function runIndependently(
  call: ToolCallBlock,
  context: PipelineContext,
  record: (result: NormalizedResult) => void,
): Promise<{ terminate: boolean }> {
  const stages = createStageRecorder(call.id, context);
  // The checks, and a failed call's result, in one transaction (sharing a commit with what follows).
  const checked = context.atomicallySoon(() => {
    const outcome = checkCall(call, context, stages);
    if (!outcome.ok) record(outcome.result);
    return outcome;
  });
  if (!checked.ok) return { terminate: false };
  const approved = await approveCall(checked.checked, context, stages);
  if (!approved.ok) {
    context.atomically(() => record(approved.result));
    return { terminate: false };
  }
  return executeCall(checked.checked, approved.arguments, context, stages, record);
}

function abortedBy(culprit: ToolCallBlock, what: string): NormalizedResult {
  return {
    content: `Not run: this batch runs all-or-nothing, and call ${culprit.id} (\`${culprit.name}\`) ${what}. Nothing in the batch ran; fix that call and resend the whole batch.`,
    isError: true,
    errorKind: "batch_aborted",
    hint: hintFor("batch_aborted"),
  };
}

/** The `normalize` stage: the result the model will see, paired with the call id. */
function emitResult(call: ToolCallBlock, result: NormalizedResult, context: PipelineContext): void {
  const end = createStageRecorder(call.id, context).start(
    "normalize",
    result.isError ? (result.errorKind ?? "error") : "ok",
  );
  end("ok", `${result.content.length} chars${result.errorKind ? `, ${result.errorKind}` : ""}`);
  context.emit({
    kind: "tool.result",
    callId: call.id,
    turn: context.turn,
    name: call.name,
    content: result.content,
    isError: result.isError,
    ...(result.errorKind ? { errorKind: result.errorKind } : {}),
    ...(result.hint ? { hint: result.hint } : {}),
  });
}

function toBlock(call: ToolCallBlock, result: NormalizedResult): ToolResultBlock {
  return {
    type: "toolResult",
    toolCallId: call.id,
    content: result.content,
    isError: result.isError,
    ...(result.errorKind ? { errorKind: result.errorKind } : {}),
  };
}

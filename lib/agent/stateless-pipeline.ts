import "server-only";
import { BUILTIN_HOOKS } from "@/lib/pipeline/policy";
import { createPipelineContext, denyUndecided } from "@/lib/pipeline/context";
import { runBatch } from "@/lib/pipeline/run-batch";
import { validateForModel } from "@/lib/pipeline/validator";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import type { CallResult, PipelineBody, PipelineReply } from "@/lib/contract/pipeline";
import { createRedactor } from "@/lib/store/redact";
import { seedWorkspace } from "@/lib/tools/registry";
import type { Stage, StageStatus, TraceEvent } from "@/lib/trace/events";
import { refuse, succeed, type Outcome } from "./outcome";
import { resolveTools } from "./resolve-tools";
import type { SecretLister } from "./runtime";

interface StageReport {
  stage: Stage;
  status: StageStatus;
  detail?: string;
  ms: number;
}

/**
 * `POST /api/pipeline`: runs a batch of calls through the pipeline in a fresh sandbox, on a
 * virtual clock (a timeout is real but costs no waiting), and persists nothing. A call that
 * needs approval and has no decision is denied; a `manual` mock cannot answer here
 * (`unprocessable`). Every event is redacted with `secrets` as the store would redact it.
 */
export async function runStatelessPipeline(
  body: PipelineBody,
  secrets: SecretLister,
): Promise<Outcome<PipelineReply>> {
  const tools = resolveTools(body.tools);
  if (!tools.ok) return tools;
  const byName = new Map(tools.value.map((tool) => [tool.name, tool]));
  const ids = new Set<string>();
  for (const [index, call] of body.calls.entries()) {
    if (ids.has(call.id))
      return refuse(
        "invalid",
        `/calls/${index}/id: the call id "${call.id}" is used twice`,
        `/calls/${index}/id`,
      );
    ids.add(call.id);
    if (byName.get(call.name)?.mock?.kind === "manual") {
      return refuse(
        "unprocessable",
        `/calls/${index}: ${call.name} has a manual mock, which needs a person; run it in a session instead.`,
        `/calls/${index}`,
      );
    }
  }

  const log: TraceEvent[] = [];
  // Redacted as the store redacts on append: a stage's output summary is what a session's log would hold.
  const redact = createRedactor(secrets);
  const calls: ToolCallBlock[] = body.calls.map((call) => ({
    type: "toolCall",
    id: call.id,
    name: call.name,
    arguments: call.arguments,
    rawArguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}),
  }));
  const batch = await runBatch({
    calls,
    context: createPipelineContext({
      tools: byName,
      policy: body.policy,
      hooks: BUILTIN_HOOKS,
      validate: validateForModel,
      clock: createVirtualClock(Date.now(), { autoAdvance: true }),
      log,
      workspace: { files: seedWorkspace(), ledger: [] },
      sessionId: "stateless",
      redact,
      awaitDecision: denyUndecided(body.decisions ?? {}),
    }),
  });
  return succeed({
    batch: {
      policy: body.policy?.batch ?? "all-or-nothing",
      decision: batch.decision,
      schedule: batch.schedule,
    },
    calls: calls.map((call, index) => {
      const result = log.find((e) => e.kind === "tool.result" && e.callId === call.id);
      return {
        id: call.id,
        name: call.name,
        stages: summarizeStages(log, call.id),
        result: toCallResult(result?.kind === "tool.result" ? result : batch.results[index], call.id),
      };
    }),
  });
}

/**
 * docs/api.md's `{ content, isError, errorKind?, hint? }` of a recorded result (or of the batch's
 * own result block). Every call gets exactly one result (docs/architecture.md), so none is a bug.
 */
function toCallResult(source: CallResult | undefined, callId: string): CallResult {
  if (!source) throw new Error(`The pipeline gave call ${callId} no result.`);
  const { content, isError, errorKind, hint } = source;
  return { content, isError, ...(errorKind ? { errorKind, ...(hint === undefined ? {} : { hint }) } : {}) };
}

/** Each stage's final state for one call, in the order the stages ended. */
function summarizeStages(log: readonly TraceEvent[], callId: string): StageReport[] {
  const reports: StageReport[] = [];
  for (const event of log) {
    if (
      event.kind !== "tool.stage" ||
      event.callId !== callId ||
      event.status === "running" ||
      event.status === "waiting"
    )
      continue;
    reports.push({
      stage: event.stage,
      status: event.status,
      ...(event.output ? { detail: event.output } : {}),
      ms: event.ms ?? 0,
    });
  }
  return reports;
}

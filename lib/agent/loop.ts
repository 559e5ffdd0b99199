import "server-only";
import type { PreflightHook } from "@/lib/pipeline/policy/types";
import type { runBatch } from "@/lib/pipeline/run-batch";
import type { PipelineContext } from "@/lib/pipeline/types";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import type { Clock, ModelProvider, ModelTurn } from "@/lib/providers/types";
import type { NewEvent, RunTrigger, TokenEstimate, TraceEvent } from "@/lib/trace/events";
import { lastTurn, projectSessionConfig } from "@/lib/trace/session-config";
import { projectTranscript } from "@/lib/trace/transcript";
import { EMPTY_WORKSPACE, reduceWorkspace } from "@/lib/trace/workspace";
import { createSyntheticResults } from "./synthetic";

export const MAX_TURNS = 10;

/** The loop's effects, passed in so tests drive it with a scripted model and a fake clock. */
export interface LoopEffects {
  emit(event: NewEvent): TraceEvent;
  provider: ModelProvider;
  clock: Clock;
  runBatch: typeof runBatch;
  estimateTokens(sections: { tools: unknown; system: unknown; messages: unknown }): TokenEstimate;
  /** Breakpoints and the waits for a person (the run's gate). */
  gate: Pick<PipelineContext, "checkpoint" | "awaitDecision" | "awaitManualResult">;
  validate: PipelineContext["validate"];
  hooks: ReadonlyMap<string, PreflightHook>;
}

export interface LoopInput {
  runId: string;
  /** The session's log before this run. */
  events: readonly TraceEvent[];
  trigger: RunTrigger;
  /** The user's message, when the trigger is one. */
  text?: string;
  signal: AbortSignal;
  maxTurns?: number;
}

/**
 * Carries one trigger to its end: request (tools → system → messages), stream, assemble, run
 * each tool call, append the results, next turn — until the model ends its turn, `maxTurns`
 * is reached, the run is interrupted or it fails. It always ends with exactly one of
 * `run.finished`, `run.interrupted` or `run.failed`, and every tool call keeps one result.
 */
export async function runAgentLoop(input: LoopInput, effects: LoopEffects): Promise<void> {
  const log: TraceEvent[] = [...input.events];
  let workspace = log.reduce(reduceWorkspace, EMPTY_WORKSPACE);
  const emit = (event: NewEvent) => {
    const appended = effects.emit(event);
    log.push(appended);
    workspace = reduceWorkspace(workspace, appended);
    return appended;
  };
  emit({ kind: "run.started", runId: input.runId, trigger: input.trigger });
  let turn = lastTurn(log) + 1;
  if (input.text !== undefined) emit({ kind: "user.message", turn, text: input.text });

  const maxTurns = input.maxTurns ?? MAX_TURNS;
  try {
    for (let round = 0; round < maxTurns; round++, turn++) {
      const completed = await requestTurn(turn, log, emit, effects, input.signal);
      const calls = completed.unified.content.filter((b): b is ToolCallBlock => b.type === "toolCall");
      if (calls.length === 0) {
        await effects.gate.checkpoint("endOfTurn", {});
        return finish(emit, input.runId, completed.stopReason.raw ?? "end_turn", log);
      }
      await effects.gate.checkpoint("endOfTurn", {});
      const config = projectSessionConfig(log)!;
      const batch = await effects.runBatch({
        calls,
        context: {
          turn,
          tools: new Map(config.tools.map((tool) => [tool.name, tool])),
          policy: config.policy,
          hooks: effects.hooks,
          workspace: () => workspace,
          log: () => log,
          emit,
          clock: effects.clock,
          signal: input.signal,
          validate: effects.validate,
          checkpoint: (point, info) => effects.gate.checkpoint(point, info),
          awaitDecision: (callId) => effects.gate.awaitDecision(callId),
          awaitManualResult: (callId) => effects.gate.awaitManualResult(callId),
        },
      });
      if (input.signal.aborted)
        return end(emit, "run.interrupted", input.runId, "interrupted by the user", log);
      if (batch.terminate)
        return finish(emit, input.runId, "a post rule asked to terminate after this turn", log);
    }
    return finish(emit, input.runId, `stopped after ${maxTurns} turns`, log);
  } catch (error) {
    if (input.signal.aborted)
      return end(emit, "run.interrupted", input.runId, "interrupted by the user", log);
    const message = error instanceof Error ? error.message : String(error);
    end(emit, "run.failed", input.runId, message, log);
  }
}

async function requestTurn(
  turn: number,
  log: readonly TraceEvent[],
  emit: (event: NewEvent) => TraceEvent,
  effects: LoopEffects,
  signal: AbortSignal,
): Promise<ModelTurn> {
  const config = projectSessionConfig(log)!;
  const transcript = projectTranscript(log);
  const body = effects.provider.buildRequest({
    ...(config.provider.model ? { model: config.provider.model } : {}),
    system: config.system,
    tools: config.tools,
    messages: transcript.messages.map(({ role, content }) => ({ role, content })),
    ...(config.provider.toolChoice ? { toolChoice: config.provider.toolChoice } : {}),
  });
  const attempt = 1;
  emit({
    kind: "request.assembled",
    turn,
    attempt,
    format: effects.provider.format,
    body,
    tokens: effects.estimateTokens({ tools: body.tools, system: body.system, messages: body.messages }),
  });
  await effects.gate.checkpoint("beforeRequest", {});
  let index = 0;
  try {
    const completed = await effects.provider.stream(
      body,
      {
        onResponse: ({ status, headers }) => emit({ kind: "wire.response", turn, attempt, status, headers }),
        onEvent: ({ event, data, receivedAt }) => {
          emit({ kind: "wire.event", turn, attempt, index: index++, event, data, receivedAt });
          return effects.gate.checkpoint("onWireEvent", {});
        },
      },
      signal,
    );
    emit({ kind: "turn.completed", turn, attempt, ...completed });
    return completed;
  } catch (error) {
    if (!signal.aborted) emit({ kind: "wire.error", turn, attempt, ...describeWireError(error, index > 0) });
    throw error;
  }
}

function describeWireError(error: unknown, midStream: boolean) {
  const status =
    typeof (error as { status?: unknown }).status === "number" ? (error as { status: number }).status : null;
  const body = (error as { error?: unknown }).error;
  return {
    source: midStream ? ("stream" as const) : status !== null ? ("http" as const) : ("transport" as const),
    status,
    message: error instanceof Error ? error.message : String(error),
    body: body === undefined ? null : JSON.stringify(body),
  };
}

function finish(
  emit: (event: NewEvent) => TraceEvent,
  runId: string,
  reason: string,
  log: readonly TraceEvent[],
) {
  end(emit, "run.finished", runId, reason, log);
}

function end(
  emit: (event: NewEvent) => TraceEvent,
  kind: "run.finished" | "run.interrupted" | "run.failed",
  runId: string,
  reason: string,
  log: readonly TraceEvent[],
): void {
  const why =
    kind === "run.failed"
      ? "The run failed"
      : kind === "run.interrupted"
        ? "The run was interrupted"
        : "The run ended";
  const syntheticResults = createSyntheticResults(log, why);
  if (kind === "run.failed") emit({ kind, runId, reason, error: reason, syntheticResults });
  else emit({ kind, runId, reason, syntheticResults });
}

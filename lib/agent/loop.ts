import "server-only";
import { createPipelineContext } from "@/lib/pipeline/context";
import type { PreflightHook } from "@/lib/pipeline/policy/types";
import type { runBatch } from "@/lib/pipeline/run-batch";
import type { PipelineContext } from "@/lib/pipeline/types";
import { assemblePartialTurn } from "@/lib/protocol/partial-turn";
import type { ToolCallBlock, WireFormat } from "@/lib/protocol/unified";
import type { Clock } from "@/lib/clock/types";
import type { ModelProvider, ModelTurn } from "@/lib/providers/types";
import type { EventOf, NewEvent, RunTrigger, TokenEstimate, TraceEvent } from "@/lib/trace/events";
import { lastTurn, projectSessionConfig } from "@/lib/trace/session-config";
import { readSection } from "@/lib/trace/request-diff";
import { projectTranscript } from "@/lib/trace/transcript";
import { createSyntheticResults } from "./synthetic";

export const MAX_TURNS = 10;

const MAX_TOKENS_REASON =
  "the reply was cut off at max_tokens with tool calls in it; none of them ran (send a message, or raise max_tokens)";
const MAX_TOKENS_WHY = "The model's reply was cut off at max_tokens";

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
  /** Runs synchronous work whose emitted events land in one transaction (the store's). Default: runs it. */
  atomically?: PipelineContext["atomically"];
  /** {@link atomically} whose writes may share the next commit (the store's `transactionSoon`). Default: `atomically`. */
  atomicallySoon?: PipelineContext["atomicallySoon"];
  /** Runs the session's MCP tools; absent, their calls are error results. */
  mcp?: PipelineContext["mcp"];
  /**
   * The `session.configured` events recorded outside the run after seq `after` (an MCP server's
   * `tools/list_changed`): each turn's request is built with them. Absent: none.
   */
  readConfigured?(after: number): TraceEvent[];
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
  const emit = (event: NewEvent) => {
    const appended = effects.emit(event);
    log.push(appended);
    return appended;
  };
  emit({ kind: "run.started", runId: input.runId, trigger: input.trigger });
  let turn = lastTurn(log) + 1;
  if (input.text !== undefined) emit({ kind: "user.message", turn, text: input.text });

  const maxTurns = input.maxTurns ?? MAX_TURNS;
  const configuredCursor = { through: input.events.at(-1)?.seq ?? -1 };
  try {
    for (let round = 0; round < maxTurns; round++, turn++) {
      adoptConfigured(log, effects, configuredCursor);
      const completed = await requestTurn(turn, log, emit, effects, input.signal);
      const calls = completed.unified.content.filter((b): b is ToolCallBlock => b.type === "toolCall");
      if (calls.length === 0) {
        await effects.gate.checkpoint("endOfTurn", {});
        return finish(emit, input.runId, completed.stopReason.raw ?? "end_turn", log);
      }
      await effects.gate.checkpoint("endOfTurn", {});
      // A reply cut at max_tokens may end inside a tool call whose input is incomplete: run
      // nothing of it; every call of the turn gets an `interrupted` result saying why.
      if (completed.stopReason.unified === "max_tokens")
        return end(emit, "run.finished", input.runId, MAX_TOKENS_REASON, log, MAX_TOKENS_WHY);
      const config = projectSessionConfig(log)!;
      const batch = await effects.runBatch({
        calls,
        // The workspace is projected from the log as it stands; the batch folds in its own events.
        context: createPipelineContext({
          turn,
          tools: config.tools,
          policy: config.policy,
          hooks: effects.hooks,
          validate: effects.validate,
          clock: effects.clock,
          log,
          append: effects.emit,
          ...(effects.atomically ? { atomically: effects.atomically } : {}),
          ...(effects.atomicallySoon ? { atomicallySoon: effects.atomicallySoon } : {}),
          signal: input.signal,
          checkpoint: (point, info) => effects.gate.checkpoint(point, info),
          awaitDecision: (callId) => effects.gate.awaitDecision(callId),
          awaitManualResult: (callId) => effects.gate.awaitManualResult(callId),
          ...(effects.mcp ? { mcp: effects.mcp } : {}),
        }),
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

/**
 * Folds into the run's log, where their seq puts them, the configuration events recorded outside
 * it after `cursor.through` (they may fall between the run's own), and moves the cursor past them.
 */
function adoptConfigured(log: TraceEvent[], effects: LoopEffects, cursor: { through: number }): void {
  if (!effects.readConfigured) return;
  for (const event of effects.readConfigured(cursor.through)) {
    let at = log.length;
    while (at > 0 && log[at - 1]!.seq > event.seq) at--;
    if (log[at - 1]?.seq !== event.seq) log.splice(at, 0, event);
    cursor.through = Math.max(cursor.through, event.seq);
  }
  cursor.through = Math.max(cursor.through, log.at(-1)?.seq ?? -1);
}

/**
 * One model turn: `request.assembled` once (attempt 1: the body every attempt sends), then per
 * HTTP attempt the SDK makes — its first request and each retry — `wire.response`, the
 * `wire.event`s (indexed from 0 per attempt) and, when it fails, exactly one `wire.error`; then
 * `turn.completed` with the attempt that succeeded. A failure the SDK gives up on is thrown.
 */
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
    ...(config.provider.parallelToolCalls !== undefined
      ? { parallelToolCalls: config.provider.parallelToolCalls }
      : {}),
  });
  emit({
    kind: "request.assembled",
    turn,
    attempt: 1,
    format: effects.provider.format,
    body,
    // Responses keeps the system prompt in `instructions` and the conversation in `input`.
    tokens: effects.estimateTokens({
      tools: readSection(body, "tools"),
      system: readSection(body, "system"),
      messages: readSection(body, "messages"),
    }),
  });
  await effects.gate.checkpoint("beforeRequest", {});
  let attempt = 1;
  let index = 0;
  let streaming = false;
  let failedAttempt = 0;
  let failureMessage = "";
  try {
    const completed = await effects.provider.stream(
      body,
      {
        turn,
        onAttempt: (next) => {
          attempt = next;
          index = 0;
          streaming = false;
        },
        onResponse: ({ status, headers }) => {
          streaming = status >= 200 && status < 300;
          emit({ kind: "wire.response", turn, attempt, status, headers });
        },
        onEvent: ({ event, data, receivedAt }) => {
          emit({ kind: "wire.event", turn, attempt, index: index++, event, data, receivedAt });
          return effects.gate.checkpoint("onWireEvent", {});
        },
        onAttemptError: (failure) => {
          failedAttempt = attempt;
          failureMessage = failure.message;
          emit({ kind: "wire.error", turn, attempt, ...failure });
        },
      },
      signal,
    );
    emit({ kind: "turn.completed", turn, attempt, ...completed });
    return completed;
  } catch (error) {
    if (signal.aborted) throw error;
    if (failedAttempt !== attempt) {
      const described = describeWireError(error, streaming || index > 0);
      failureMessage = described.message;
      emit({ kind: "wire.error", turn, attempt, ...described });
    }
    recordCutTurn(turn, attempt, effects.provider.format, log, emit);
    // The run fails for the reason its last wire.error gives.
    throw new Error(failureMessage, { cause: error });
  }
}

/**
 * When the failed attempt had begun a tool call, records what had arrived as a `turn.completed`
 * marked `cut`, so the run's end gives that call an `interrupted` result. A cut text-only reply
 * is dropped: nothing would pair with it, and the provider never finished saying it.
 */
function recordCutTurn(
  turn: number,
  attempt: number,
  format: WireFormat,
  log: readonly TraceEvent[],
  emit: (event: NewEvent) => TraceEvent,
): void {
  const events = log.filter(
    (event): event is EventOf<"wire.event"> =>
      event.kind === "wire.event" && event.turn === turn && event.attempt === attempt,
  );
  const partial = assemblePartialTurn(format, events);
  if (!partial?.unified.content.some((block) => block.type === "toolCall")) return;
  emit({
    kind: "turn.completed",
    turn,
    attempt,
    format,
    message: partial.message,
    unified: partial.unified,
    stopReason: { unified: "other", raw: null },
    usage: { inputTokens: null, outputTokens: null },
    cut: true,
  });
}

/** A failure the tap did not report: mid-stream (the SDK threw while reading), HTTP or transport. */
function describeWireError(error: unknown, midStream: boolean) {
  const status =
    typeof (error as { status?: unknown }).status === "number" ? (error as { status: number }).status : null;
  const body = (error as { error?: unknown }).error;
  return {
    source: midStream ? ("stream" as const) : status !== null ? ("http" as const) : ("transport" as const),
    status,
    message: readErrorMessage(error, body),
    body: body === undefined ? null : JSON.stringify(body),
  };
}

/**
 * What went wrong, in words: `type: message` from an error body (an SSE `error` event), a note
 * that a data line was not JSON, or the error's own message.
 */
function readErrorMessage(error: unknown, body: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const record = (value: unknown) =>
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  const inner = record(record(body)?.error) ?? record(body);
  if (typeof inner?.type === "string" && typeof inner.message === "string")
    return `${inner.type}: ${inner.message}`;
  const cause = error instanceof Error ? error.cause : undefined;
  if (error instanceof SyntaxError || cause instanceof SyntaxError)
    return `A data line of the stream is not valid JSON: ${message}`;
  return message;
}

function finish(
  emit: (event: NewEvent) => TraceEvent,
  runId: string,
  reason: string,
  log: readonly TraceEvent[],
) {
  end(emit, "run.finished", runId, reason, log);
}

/** Appends the run's end, with an `interrupted` result (saying `why`, or why by `kind`) per open call. */
function end(
  emit: (event: NewEvent) => TraceEvent,
  kind: "run.finished" | "run.interrupted" | "run.failed",
  runId: string,
  reason: string,
  log: readonly TraceEvent[],
  why = kind === "run.failed"
    ? "The run failed"
    : kind === "run.interrupted"
      ? "The run was interrupted"
      : "The run ended",
): void {
  const syntheticResults = createSyntheticResults(log, why);
  if (kind === "run.failed") emit({ kind, runId, reason, error: reason, syntheticResults });
  else emit({ kind, runId, reason, syntheticResults });
}

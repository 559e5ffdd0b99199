import { findBuiltinTool } from "@/lib/tools/registry";
import type { ToolContext, ToolOutput } from "@/lib/tools/types";
import type { ToolDefinition } from "@/lib/trace/config";
import type { CheckedCall } from "./check-call";
import { hintFor } from "./error-kinds";
import { applyPostRules } from "./policy";
import type { StageRecorder } from "./stage-recorder";
import type { NormalizedResult, PipelineContext } from "./types";

export const DEFAULT_TIMEOUT_MS = 10_000;

class ToolTimeout extends Error {}

const TIMER_STOPPED = Object.freeze({ reason: "the call ended before its time limit" });

/**
 * `execute`, `progress` and `post`: runs the tool with its timeout (on the run's clock) and an
 * abort signal, streams its progress, then applies the post rules. A throw becomes an
 * `execution_error` with a short message, never a stack. `finish` records the result (the
 * `normalize` stage): it runs in the same transaction as the call's last stages.
 */
export async function executeCall(
  checked: CheckedCall,
  args: Record<string, unknown>,
  context: PipelineContext,
  stages: StageRecorder,
  finish: (result: NormalizedResult) => void,
): Promise<{ result: NormalizedResult; terminate: boolean }> {
  const { call, tool } = checked;
  await context.checkpoint("beforeExecute", { callId: call.id });
  const complete = (executed: Executed) => {
    const outcome = completeCall(checked, args, context, stages, executed);
    finish(outcome.result);
    return outcome;
  };
  // An echo or static mock answers at once, so all its stages are written in one transaction,
  // shared with the other quick calls of its group (they all get here in one turn of the loop).
  const atOnce = answerAtOnce(tool, args);
  if (atOnce)
    return context.atomicallySoon(() => {
      const end = stages.start("execute", JSON.stringify(args));
      return complete({ end, output: atOnce, progress: null });
    });
  // The start, the tool's wire (an MCP call's request) and its progress are written on the
  // loop's next turn at the latest — live while the tool works — sharing commits where they can.
  const executeEnd = context.atomicallySoon(() => stages.start("execute", JSON.stringify(args)));
  let progressEnd: ReturnType<StageRecorder["start"]> | null = null;
  let updates = 0;
  const reportProgress = (message: string, fraction?: number) =>
    context.atomicallySoon(() => {
      progressEnd ??= stages.start("progress", message);
      updates++;
      context.emit({
        kind: "tool.progress",
        callId: call.id,
        message,
        ...(fraction === undefined ? {} : { fraction }),
      });
    });

  let output: ToolOutput;
  let kind: NormalizedResult["errorKind"];
  const timeoutMs = tool.meta?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const run = (signal: AbortSignal) =>
    invokeTool(tool, args, call.id, { ...context, signal }, reportProgress);
  try {
    // A manual result waits for a person, who has no time limit.
    output =
      tool.mock?.kind === "manual"
        ? await run(context.signal)
        : await runWithTimeout(timeoutMs, context, run);
    kind = output.isError ? "execution_error" : undefined;
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (error instanceof ToolTimeout) {
      output = {
        content: `${call.name} did not finish within ${timeoutMs.toLocaleString("en-US")} ms and was stopped.`,
        isError: true,
      };
      kind = "timeout";
    } else {
      output = {
        content: `${call.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        isError: true,
      };
      kind = "execution_error";
    }
  }
  const progress = progressEnd ? { end: progressEnd as ReturnType<StageRecorder["start"]>, updates } : null;
  // The last stages and the result, in one transaction, which may share its commit with the
  // next writes (the batch's other results, the next request) within this turn of the loop.
  return context.atomicallySoon(() => complete({ end: executeEnd, output, kind, progress }));
}

/** What the execute stage produced, for {@link completeCall}. */
interface Executed {
  end: ReturnType<StageRecorder["start"]>;
  output: ToolOutput;
  kind?: NormalizedResult["errorKind"];
  progress: { end: ReturnType<StageRecorder["start"]>; updates: number } | null;
}

/** Ends the execute and progress stages, then applies the post rules: the call's result. */
function completeCall(
  { call, tool }: CheckedCall,
  args: Record<string, unknown>,
  context: PipelineContext,
  stages: StageRecorder,
  { end, output, kind, progress }: Executed,
): { result: NormalizedResult; terminate: boolean } {
  end(output.isError ? "error" : "ok", `${kind ?? "ok"}: ${output.content}`);
  if (progress) progress.end("ok", `${progress.updates} update${progress.updates === 1 ? "" : "s"}`);
  else stages.skip("progress", "no progress reported");

  const postEnd = stages.start("post", `${output.content.length} chars${output.isError ? ", error" : ""}`);
  const post = applyPostRules({
    call: { id: call.id, name: call.name, arguments: args },
    tool,
    policy: context.policy,
    ...output,
  });
  postEnd("ok", post.applied.join("; ") || "nothing to change");
  const errorKind = post.isError ? (kind ?? "execution_error") : undefined;
  return {
    result: {
      content: post.content,
      isError: post.isError,
      ...(errorKind ? { errorKind, hint: hintFor(errorKind) } : {}),
    },
    terminate: post.terminate,
  };
}

/**
 * The answer of a mock that waits on nothing (`echo`, the default, or `static`): no timer, no
 * signal of its own. `null` for every other tool.
 */
function answerAtOnce(tool: ToolDefinition, args: Record<string, unknown>): ToolOutput | null {
  // A built-in or an MCP server's tool does real work; only a mock can answer at once.
  if (tool.builtin || tool.source) return null;
  const mock = tool.mock ?? { kind: "echo" as const };
  if (mock.kind === "echo") return { content: JSON.stringify(args), isError: false };
  if (mock.kind === "static")
    return {
      content: typeof mock.result === "string" ? mock.result : JSON.stringify(mock.result),
      isError: false,
    };
  return null;
}

/**
 * Runs `work` with a signal that aborts on the run's interrupt or at the time limit, whichever
 * comes first, and stops waiting for it then, even when the tool ignores its signal: a tool that
 * never settles holds neither an interrupt nor the run past its limit. `AbortSignal.any` adds no
 * listener to the run's signal, so a large parallel group does not pile listeners onto it; the one
 * on the combined signal goes when the call ends.
 */
async function runWithTimeout<T>(
  timeoutMs: number,
  context: PipelineContext,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const limit = new AbortController();
  const stopTimer = new AbortController();
  const signal = AbortSignal.any([context.signal, limit.signal]);
  void context.clock.sleep(timeoutMs, stopTimer.signal).then(
    () => limit.abort(new ToolTimeout("timeout")),
    () => {},
  );
  const stopped = new Promise<never>((_, reject) => {
    const onAbort = () => {
      const reason = signal.reason instanceof Error ? signal.reason : new Error("aborted");
      // At the limit the call stops at once. On an interrupt the limit no longer matters, and a
      // tool that has already finished or stops as asked still gets its own result in: only one
      // still silent a turn of the event loop later is given up on.
      if (limit.signal.aborted) return reject(reason);
      stopTimer.abort(TIMER_STOPPED);
      setImmediate(() => reject(reason));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true, signal: stopTimer.signal });
  });
  try {
    return await Promise.race([work(signal), stopped]);
  } finally {
    // A fixed reason: aborting with none builds a DOMException (and its stack) on every call.
    stopTimer.abort(TIMER_STOPPED);
  }
}

async function invokeTool(
  tool: ToolDefinition,
  args: Record<string, unknown>,
  callId: string,
  context: PipelineContext,
  reportProgress: ToolContext["reportProgress"],
): Promise<ToolOutput> {
  if (tool.source) {
    if (!context.mcp)
      return {
        content: `${tool.name} comes from the MCP server ${tool.source.mcp}, which this run cannot reach. Nothing ran.`,
        isError: true,
      };
    const source = tool.source;
    return context.mcp.call({ ...tool, source }, args, {
      callId,
      signal: context.signal,
      reportProgress,
      emit: (event) => context.emitSoon(event),
    });
  }
  if (tool.builtin) {
    const builtin = findBuiltinTool(tool.builtin);
    if (!builtin)
      return { content: `The built-in tool ${tool.builtin} does not exist in this version.`, isError: true };
    return builtin.execute(args, {
      workspace: context.workspace(),
      signal: context.signal,
      clock: context.clock,
      recordChange: (change) => context.emit({ kind: "workspace.changed", callId, change }),
      reportProgress,
    });
  }
  const mock = tool.mock ?? { kind: "echo" as const };
  switch (mock.kind) {
    case "static":
    case "echo":
      return answerAtOnce(tool, args)!;
    case "manual": {
      const typed = await context.awaitManualResult(callId);
      context.emit({
        kind: "tool.decision",
        callId,
        decision: "manual-result",
        content: typed.content,
        isError: typed.isError,
      });
      return typed;
    }
  }
}

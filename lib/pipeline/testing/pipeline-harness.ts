import { createVirtualClock } from "@/lib/clock/virtual-clock";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import { expandBuiltin, listBuiltinTools, seedWorkspace } from "@/lib/tools/registry";
import { NO_BREAKPOINTS, type PolicyConfig, type ToolDefinition } from "@/lib/trace/config";
import type { EventOf, NewEvent, TraceEvent } from "@/lib/trace/events";
import { createRedactor } from "@/lib/store/redact";
import { createPipelineContext, denyUndecided } from "../context";
import { BUILTIN_HOOKS } from "../policy";
import type { PreflightHook } from "../policy/types";
import { runBatch } from "../run-batch";
import type { Decision } from "../types";
import { validateForModel } from "../validator";

export { toolCall } from "@/lib/trace/testing/build-log";

export interface HarnessOptions {
  tools?: ToolDefinition[];
  policy?: PolicyConfig;
  hooks?: ReadonlyMap<string, PreflightHook>;
  decisions?: Record<string, Decision>;
  /** Events before the batch (e.g. an earlier turn), after `session.created`. */
  history?: NewEvent[];
}

/**
 * Runs one batch through the real pipeline against an in-memory log, on an auto-advancing
 * virtual clock: the same code path as a run, with nothing persisted and no waiting.
 */
export async function runPipeline(calls: ToolCallBlock[], options: HarnessOptions = {}) {
  const tools = options.tools ?? listBuiltinTools().map((tool) => expandBuiltin(tool.definition.name)!);
  const log: TraceEvent[] = [];
  const decisionsAsked: string[] = [];
  const decide = denyUndecided(options.decisions ?? {}, "no decision in the test");
  const context = createPipelineContext({
    tools,
    policy: options.policy,
    hooks: options.hooks ?? BUILTIN_HOOKS,
    validate: validateForModel,
    clock: createVirtualClock(1_000_000, { autoAdvance: true }),
    log,
    sessionId: "s1",
    // Redacted as the store does on append, so what this log holds is what a session's would.
    redact: createRedactor([]),
    awaitDecision: (callId) => {
      decisionsAsked.push(callId);
      return decide(callId);
    },
    awaitManualResult: async () => ({ content: "typed by hand", isError: false }),
  });
  context.emit({
    kind: "session.created",
    config: {
      title: "t",
      provider: { kind: "offline" },
      system: "",
      tools,
      policy: options.policy ?? {},
      scenario: null,
      breakpoints: NO_BREAKPOINTS,
    },
    workspace: seedWorkspace(),
  });
  for (const event of options.history ?? []) context.emit(event);
  const batch = await runBatch({ calls, context });
  const only = <K extends TraceEvent["kind"]>(kind: K) => log.filter((e): e is EventOf<K> => e.kind === kind);
  const result = (callId: string) => only("tool.result").find((e) => e.callId === callId)!;
  const stages = (callId: string) =>
    only("tool.stage")
      .filter((e) => e.callId === callId && e.status !== "running")
      .map((e) => `${e.stage}:${e.status}`);
  return { batch, log, workspace: context.workspace(), only, result, stages, decisionsAsked };
}

import { createVirtualClock } from "@/lib/clock/virtual-clock";
import type { ToolCallBlock } from "@/lib/protocol/unified";
import { expandBuiltin, listBuiltinTools, seedWorkspace } from "@/lib/tools/registry";
import { NO_BREAKPOINTS, type PolicyConfig, type ToolDefinition } from "@/lib/trace/config";
import type { EventOf, NewEvent, TraceEvent } from "@/lib/trace/events";
import { EMPTY_WORKSPACE, reduceWorkspace } from "@/lib/trace/workspace";
import { createRedactor } from "@/lib/store/redact";
import { BUILTIN_HOOKS } from "../policy";
import type { PreflightHook } from "../policy/types";
import { runBatch } from "../run-batch";
import type { Decision, PipelineContext } from "../types";
import { validateForModel } from "../validator";

/** A tool call as the model sent it. */
export function toolCall(id: string, name: string, args: unknown): ToolCallBlock {
  return {
    type: "toolCall",
    id,
    name,
    arguments: args,
    rawArguments: typeof args === "string" ? args : JSON.stringify(args),
  };
}

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
  const clock = createVirtualClock(1_000_000, { autoAdvance: true });
  let workspace = EMPTY_WORKSPACE;
  // Redacted as the store does on append, so what this log holds is what a session's would.
  const redact = createRedactor([]);
  const emit = (event: NewEvent) => {
    const full = redact({ ...event, seq: log.length, at: clock.now(), sessionId: "s1" } as TraceEvent);
    log.push(full);
    workspace = reduceWorkspace(workspace, full);
    return full;
  };
  emit({
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
  for (const event of options.history ?? []) emit(event);
  const decisionsAsked: string[] = [];
  const context: PipelineContext = {
    turn: 1,
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    policy: options.policy ?? {},
    hooks: options.hooks ?? BUILTIN_HOOKS,
    workspace: () => workspace,
    log: () => log,
    emit,
    clock,
    signal: new AbortController().signal,
    validate: validateForModel,
    checkpoint: async () => {},
    awaitDecision: async (callId) => {
      decisionsAsked.push(callId);
      return options.decisions?.[callId] ?? { decision: "deny", reason: "no decision in the test" };
    },
    awaitManualResult: async () => ({ content: "typed by hand", isError: false }),
  };
  const batch = await runBatch({ calls, context });
  const only = <K extends TraceEvent["kind"]>(kind: K) => log.filter((e): e is EventOf<K> => e.kind === kind);
  const result = (callId: string) => only("tool.result").find((e) => e.callId === callId)!;
  const stages = (callId: string) =>
    only("tool.stage")
      .filter((e) => e.callId === callId && e.status !== "running")
      .map((e) => `${e.stage}:${e.status}`);
  return { batch, log, workspace, only, result, stages, decisionsAsked };
}

import type { Clock } from "@/lib/clock/types";
import type { PolicyConfig, ToolDefinition } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { projectWorkspace, reduceWorkspace, type WorkspaceView } from "@/lib/trace/workspace";
import type { PreflightHook } from "./policy/types";
import type { Decision, ManualResult, PipelineContext } from "./types";

/** What a pipeline context is built from; everything a run does not decide has a default. */
export interface PipelineContextOptions {
  /** Default 1. */
  turn?: number;
  /**
   * The session's tools: a list, keyed by each tool's name (the last of a name wins), or a map
   * taken as it is (a replay may key a stand-in definition by the recorded call's name).
   */
  tools: Iterable<ToolDefinition> | ReadonlyMap<string, ToolDefinition>;
  /** Default `{}`. */
  policy?: PolicyConfig;
  hooks: ReadonlyMap<string, PreflightHook>;
  validate: PipelineContext["validate"];
  clock: Clock;
  /**
   * The log the batch appends to, in place: every emitted event is pushed here, and hooks read
   * it. Default: a new empty log.
   */
  log?: TraceEvent[];
  /** The workspace before the batch. Default: projected from `log`. */
  workspace?: WorkspaceView;
  /**
   * Turns an emitted event into the one appended (a store's append, say). Default: an in-memory
   * envelope — `seq` the log's length, `at` the clock's now, `sessionId` — passed through `redact`.
   */
  append?: (event: NewEvent) => TraceEvent;
  /** For the in-memory envelope. Default `"pipeline"`. */
  sessionId?: string;
  /** For the in-memory envelope, as a store redacts on append. Default: none. */
  redact?: (event: TraceEvent) => TraceEvent;
  /** Default: a signal that never aborts. */
  signal?: AbortSignal;
  /**
   * Runs synchronous work so that its appends land together (a store's `transaction`). Default:
   * runs it. If it throws, the events it emitted leave the log and the workspace too.
   */
  atomically?: <T>(work: () => T) => T;
  /**
   * {@link atomically} whose writes may wait a moment to share the next commit (a store's
   * `transactionSoon`): at the latest until the event loop's next turn, so a live viewer sees
   * them before anything waits for I/O. Default: `atomically`.
   */
  atomicallySoon?: <T>(work: () => T) => T;
  /** Default: no breakpoint ever pauses. */
  checkpoint?: PipelineContext["checkpoint"];
  /** Default: every call that waits for approval is denied (`denyUndecided({})`). */
  awaitDecision?: PipelineContext["awaitDecision"];
  /** Default: an error result, as nobody can type one. */
  awaitManualResult?: PipelineContext["awaitManualResult"];
  /** Runs MCP tools. Default: none (an MCP tool's call is an error result). */
  mcp?: PipelineContext["mcp"];
}

const NOBODY_TYPES: ManualResult = {
  content: "A manual result needs a person, and nobody can answer here.",
  isError: true,
};

/**
 * A decision source for a context no person answers: the decision given for a call id (read with
 * `Object.hasOwn`, so `__proto__` is just an id), else a denial giving `reason`.
 */
export function denyUndecided(
  decisions: Readonly<Record<string, Decision>>,
  reason = "no decision was given for it",
): PipelineContext["awaitDecision"] {
  return async (callId) =>
    Object.hasOwn(decisions, callId) ? decisions[callId]! : { decision: "deny", reason };
}

/**
 * The one way a pipeline context is built (the agent loop, replay, the stateless pipeline and the
 * test harness all use it). Its `emit` appends through `append`, pushes the event onto `log` and
 * folds it into the workspace, so `workspace()` and `log()` always include what the batch did.
 */
export function createPipelineContext(options: PipelineContextOptions): PipelineContext {
  const log = options.log ?? [];
  let workspace = options.workspace ?? projectWorkspace(log);
  const redact = options.redact ?? ((event: TraceEvent) => event);
  const sessionId = options.sessionId ?? "pipeline";
  const append =
    options.append ??
    ((event: NewEvent) =>
      redact({ ...event, seq: log.length, at: options.clock.now(), sessionId } as TraceEvent));
  const emit = (event: NewEvent): TraceEvent => {
    const full = append(event);
    log.push(full);
    workspace = reduceWorkspace(workspace, full);
    return full;
  };
  /** Runs `work` through `run`; if it throws, what it emitted leaves the log and the workspace. */
  const together = <T>(run: (<U>(work: () => U) => U) | undefined, work: () => T): T => {
    const length = log.length;
    const before = workspace;
    try {
      return run ? run(work) : work();
    } catch (error) {
      log.length = length;
      workspace = before;
      throw error;
    }
  };
  return {
    turn: options.turn ?? 1,
    tools:
      options.tools instanceof Map
        ? options.tools
        : new Map([...(options.tools as Iterable<ToolDefinition>)].map((tool) => [tool.name, tool])),
    policy: options.policy ?? {},
    hooks: options.hooks,
    workspace: () => workspace,
    log: () => log,
    emit,
    clock: options.clock,
    signal: options.signal ?? new AbortController().signal,
    validate: options.validate,
    checkpoint: options.checkpoint ?? (async () => {}),
    awaitDecision: options.awaitDecision ?? denyUndecided({}),
    awaitManualResult: options.awaitManualResult ?? (async () => NOBODY_TYPES),
    atomically: (work) => together(options.atomically, work),
    atomicallySoon: (work) => together(options.atomicallySoon ?? options.atomically, work),
    emitSoon: (event) => together(options.atomicallySoon ?? options.atomically, () => emit(event)),
    ...(options.mcp ? { mcp: options.mcp } : {}),
  };
}

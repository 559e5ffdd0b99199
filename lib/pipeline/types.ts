import type { Clock } from "@/lib/clock/types";
import type { ErrorKind, ToolCallBlock, ToolResultBlock } from "@/lib/protocol/unified";
import type { ToolOutput } from "@/lib/tools/types";
import type { Breakpoints, McpToolSource, PolicyConfig, ToolDefinition } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import type { WorkspaceView } from "@/lib/trace/workspace";
import type { PreflightHook } from "./policy/types";

/** A person's decision on a call that waits for approval. */
export interface Decision {
  decision: "approve" | "deny" | "edit";
  arguments?: unknown;
  reason?: string;
}

/** A result typed by the person for a tool whose mock is `manual`. */
export interface ManualResult {
  content: string;
  isError: boolean;
}

/** Where the loop may stop (docs/architecture.md, "Stepping"). */
export type BreakpointPoint = keyof Breakpoints;

/** The verdict of schema validation, already written for the model. */
export interface ValidationVerdict {
  valid: boolean;
  /** One line per problem ("`path` is required"); empty when valid. */
  message: string;
  hint?: string;
}

/**
 * Runs a tool an MCP server provides (`tool.source`): `tools/call` on that server, its JSON-RPC
 * recorded through `emit`, progress through `reportProgress`, cancelled when `signal` aborts.
 * Failures are results (`isError`), as for a built-in. lib/agent provides it; the pipeline knows
 * nothing of MCP beyond this.
 */
export interface McpCaller {
  call(
    tool: ToolDefinition & { source: McpToolSource },
    args: Record<string, unknown>,
    io: {
      callId: string;
      signal: AbortSignal;
      reportProgress(message: string, fraction?: number): void;
      emit(event: NewEvent): TraceEvent;
    },
  ): Promise<ToolOutput & { errorKind?: "execution_error" }>;
}

/** Everything the pipeline needs from the run, passed in so tests drive it with fakes. */
export interface PipelineContext {
  turn: number;
  /** The session's tools by name (a Map, so `__proto__` is just an unknown name). */
  tools: ReadonlyMap<string, ToolDefinition>;
  policy: PolicyConfig;
  hooks: ReadonlyMap<string, PreflightHook>;
  /** The workspace as of now (it changes as calls run). */
  workspace(): WorkspaceView;
  /** The session's log as of now (hooks read it). */
  log(): readonly TraceEvent[];
  emit(event: NewEvent): TraceEvent;
  clock: Clock;
  signal: AbortSignal;
  validate(schema: Record<string, unknown>, input: unknown): ValidationVerdict;
  /** Waits for the person's decision on a call (the run pauses). */
  awaitDecision(callId: string): Promise<Decision>;
  /** Waits for the person to type the result of a `manual` tool (the run pauses). */
  awaitManualResult(callId: string): Promise<ManualResult>;
  /** A breakpoint check: resolves at once unless the run should pause here. */
  checkpoint(point: BreakpointPoint, info: { callId?: string }): Promise<void>;
  /**
   * Runs synchronous `work` whose events are written together: in a run, one store transaction
   * (one commit instead of one per event; all of them or none, published once it commits).
   */
  atomically<T>(work: () => T): T;
  /**
   * {@link atomically}, but its events may wait a moment to share the next commit with what
   * follows (the next transaction, or the event loop's next turn at the latest): for events no
   * one must read before the run goes on — a quick call's stages, a call's start and its wire.
   */
  atomicallySoon<T>(work: () => T): T;
  /** {@link emit} through {@link atomicallySoon}. */
  emitSoon(event: NewEvent): TraceEvent;
  /** Runs MCP tools; absent, an MCP tool's call is an error result saying so. */
  mcp?: McpCaller;
}

export interface BatchInput {
  calls: readonly ToolCallBlock[];
  context: PipelineContext;
}

export interface NormalizedResult {
  content: string;
  isError: boolean;
  errorKind?: ErrorKind;
  hint?: string;
}

export interface BatchOutput {
  /** One result per call, in the original call order. */
  results: ToolResultBlock[];
  /** A post rule asked to stop the loop after this turn. */
  terminate: boolean;
  decision: "executed" | "aborted";
  schedule: string[][];
}

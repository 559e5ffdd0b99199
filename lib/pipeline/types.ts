import type { Clock } from "@/lib/providers/types";
import type { ToolCallBlock, ToolResultBlock } from "@/lib/protocol/unified";
import type { PolicyConfig, ToolDefinition } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import type { WorkspaceView } from "@/lib/trace/workspace";

/** Everything the pipeline needs from the run, passed in so tests can drive it with fakes. */
export interface PipelineContext {
  turn: number;
  /** The session's tools by name (a Map, so `__proto__` is just an unknown name). */
  tools: ReadonlyMap<string, ToolDefinition>;
  policy: PolicyConfig;
  /** The workspace as of now (it changes as calls run). */
  workspace(): WorkspaceView;
  emit(event: NewEvent): TraceEvent;
  clock: Clock;
  signal: AbortSignal;
}

export interface BatchInput {
  calls: readonly ToolCallBlock[];
  context: PipelineContext;
}

/** The results of a batch, one per call, in the original call order. */
export type BatchOutput = ToolResultBlock[];

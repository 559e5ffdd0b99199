import type { Clock } from "@/lib/clock/types";
import type { ToolDefinition } from "@/lib/trace/config";
import type { WorkspaceChange } from "@/lib/trace/events";
import type { WorkspaceView } from "@/lib/trace/workspace";

/** What a tool may touch while it runs: the workspace as of now, and nothing else. */
export interface ToolContext {
  workspace: WorkspaceView;
  signal: AbortSignal;
  clock: Clock;
  /** Records a side effect; it lands in the log as `workspace.changed`. */
  recordChange(change: WorkspaceChange): void;
  /** Streams a progress update (`tool.progress`). */
  reportProgress(message: string, fraction?: number): void;
}

/** What a tool returns. Errors are data: a tool reports failure with `isError`, it does not throw. */
export interface ToolOutput {
  content: string;
  isError: boolean;
}

/**
 * A built-in tool: its definition as the model and the log see it (with full metadata), and its
 * implementation. `execute` reports failures as `isError` results; a throw is a bug.
 */
export interface BuiltinTool {
  definition: ToolDefinition & { meta: NonNullable<ToolDefinition["meta"]> };
  execute(args: Record<string, unknown>, context: ToolContext): Promise<ToolOutput>;
}

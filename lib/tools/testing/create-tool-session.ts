/**
 * A stand-in for the pipeline when testing one built-in: it hands the tool a context, keeps the
 * workspace as the log would (each change applied in order), and records progress updates.
 */
import type { Clock } from "@/lib/clock/types";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import type { WorkspaceFiles } from "@/lib/trace/config";
import type { WorkspaceChange } from "@/lib/trace/events";
import { applyWorkspaceChange, type WorkspaceView } from "@/lib/trace/workspace";
import type { BuiltinTool, ToolOutput } from "../types";

/** One `reportProgress` call. */
export interface ProgressUpdate {
  message: string;
  fraction?: number;
}

/** A sandbox that runs built-ins one call at a time. */
export interface ToolSession {
  /** The workspace after every change so far. */
  readonly workspace: WorkspaceView;
  /** Every change recorded, in order. */
  readonly changes: WorkspaceChange[];
  /** Every progress update, in order. */
  readonly progress: ProgressUpdate[];
  /** Runs one call, with the workspace as of now (as the pipeline does). */
  run(
    tool: BuiltinTool,
    args: Record<string, unknown>,
    options?: { signal?: AbortSignal; clock?: Clock },
  ): Promise<ToolOutput>;
}

/** A session whose sandbox starts with `files` and `ledger`. */
export function createToolSession(
  seed: { files?: WorkspaceFiles; ledger?: Record<string, unknown>[] } = {},
): ToolSession {
  let workspace: WorkspaceView = { files: seed.files ?? {}, ledger: seed.ledger ?? [] };
  const changes: WorkspaceChange[] = [];
  const progress: ProgressUpdate[] = [];
  return {
    get workspace() {
      return workspace;
    },
    changes,
    progress,
    run(tool, args, options = {}) {
      return tool.execute(args, {
        workspace,
        signal: options.signal ?? new AbortController().signal,
        clock: options.clock ?? createVirtualClock(0, { autoAdvance: true }),
        recordChange(change) {
          changes.push(change);
          workspace = applyWorkspaceChange(workspace, change);
        },
        reportProgress(message, fraction) {
          progress.push(fraction === undefined ? { message } : { message, fraction });
        },
      });
    },
  };
}

import type { ToolCallBlock, ToolResultBlock } from "@/lib/protocol/unified";
import type { TraceEvent } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";

/** The original result of a call as a replay compares against it: the transcript's paired tool_result. */
export type OriginalResult = Omit<ToolResultBlock, "type" | "toolCallId">;

/**
 * The `tool_result` that answered the call in the log (its `tool.result` event), or `null` when
 * the call never got one (the run stopped first).
 */
export function findOriginalResult(events: readonly TraceEvent[], callId: string): OriginalResult | null {
  for (const event of events) {
    if (event.kind !== "tool.result" || event.callId !== callId) continue;
    return {
      content: event.content,
      isError: event.isError,
      ...(event.errorKind ? { errorKind: event.errorKind } : {}),
      ...(event.hint ? { hint: event.hint } : {}),
    };
  }
  return null;
}

/**
 * Whether a replay of the call will probably ask for approval, so the dialog offers a decision:
 * the session's current definition of the tool is marked `needsApproval` or `destructive`, or
 * the call waited for (or got) a decision when it ran. A policy rule can still ask on replay;
 * the server then denies the call, and the stages say so.
 */
export function callNeedsApproval(events: readonly TraceEvent[], callId: string, toolName: string): boolean {
  const tool = projectSessionConfig(events)?.tools.find((candidate) => candidate.name === toolName);
  if (tool?.meta?.needsApproval || tool?.meta?.destructive) return true;
  return events.some(
    (event) =>
      (event.kind === "tool.decision" && event.callId === callId && event.decision !== "manual-result") ||
      (event.kind === "tool.stage" &&
        event.callId === callId &&
        event.stage === "approval" &&
        event.status === "waiting"),
  );
}

/**
 * The recorded tool call with this id: the `toolCall` block of the `turn.completed` that holds
 * it (the arguments as the model sent them), or `null` when no completed turn has it yet.
 */
export function findRecordedToolCall(events: readonly TraceEvent[], callId: string): ToolCallBlock | null {
  for (const event of events) {
    if (event.kind !== "turn.completed") continue;
    for (const block of event.unified.content)
      if (block.type === "toolCall" && block.id === callId) return block;
  }
  return null;
}

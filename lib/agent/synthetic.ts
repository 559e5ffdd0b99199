import "server-only";
import type { ToolResultBlock } from "@/lib/protocol/unified";
import type { TraceEvent } from "@/lib/trace/events";
import { findUnansweredCalls, projectTranscript } from "@/lib/trace/transcript";

/**
 * The `interrupted` results that keep a transcript valid when a run ends with calls still
 * unanswered: every tool call keeps exactly one result with its id.
 */
export function createSyntheticResults(log: readonly TraceEvent[], why: string): ToolResultBlock[] {
  const started = new Set(
    log.flatMap((e) => (e.kind === "tool.stage" && e.stage === "execute" ? [e.callId] : [])),
  );
  return findUnansweredCalls(projectTranscript(log)).map((call) => ({
    type: "toolResult",
    toolCallId: call.id,
    content: started.has(call.id)
      ? `${why} while ${call.name} was running; it may or may not have finished. Check before calling it again.`
      : `${why} before ${call.name} ran; it did not run.`,
    isError: true,
    errorKind: "interrupted",
  }));
}

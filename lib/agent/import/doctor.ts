import "server-only";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { repairTranscript } from "@/lib/protocol/doctor/repair";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { projectTranscript } from "@/lib/trace/transcript";
import { summarizeMessage } from "./conversation";

/** The transcript the planned events will project to (before the store gives them envelopes). */
export function projectPlannedTranscript(events: readonly NewEvent[]): UnifiedMessage[] {
  const enveloped = events.map((event, seq) => ({ ...event, seq, at: 0, sessionId: "" }) as TraceEvent);
  return projectTranscript(enveloped).messages.map(({ role, content }) => ({ role, content }));
}

/**
 * Runs the pairing doctor on an imported transcript and says what it found, one note per
 * problem. The transcript is stored as imported, never repaired: the log keeps what the traffic
 * said, and replay and fork show the same problems. When there are errors, a note says so and
 * lists what `repairTranscript` would do. Calls at the very end may be unanswered (the capture stops there).
 */
export function notePairingProblems(
  imported: readonly UnifiedMessage[],
  stored: readonly UnifiedMessage[],
  notes: string[],
): void {
  const problems = checkTranscript(imported, { allowPendingCalls: true });
  for (const problem of problems)
    notes.push(`Pairing doctor (${problem.severity}, ${problem.rule}): ${problem.message}`);
  if (problems.some((problem) => problem.severity === "error")) {
    const { actions } = repairTranscript(imported, { allowPendingCalls: true });
    notes.push(
      "The transcript was stored as imported, not repaired." +
        (actions.length > 0 ? ` repairTranscript would: ${actions.join(" ")}` : ""),
    );
  }
  const same =
    imported.length === stored.length &&
    imported.every((m, i) => summarizeMessage(m) === summarizeMessage(stored[i]!));
  if (!same)
    notes.push(
      "The event log cannot hold every part of the imported messages as they were: the session's transcript differs from the input (a result is shown next to its call, a result for no call is kept only as its tool.result event, a user message holds text and tool results only).",
    );
}

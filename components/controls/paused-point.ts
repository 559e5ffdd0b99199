import type { Block, ToolCallBlock } from "@/lib/protocol/unified";
import type { Breakpoints } from "@/lib/trace/config";
import type { PauseReason, TraceEvent } from "@/lib/trace/events";
import type { SessionStatus } from "@/lib/trace/status";

/** Where the live run waits, read from its last `run.paused` (docs/architecture.md, "Stepping"). */
export interface PausedPoint {
  /** The seq of the `run.paused` event. */
  seq: number;
  runId: string;
  reason: PauseReason;
  /** The breakpoint point (`beforeExecute`…), for `reason: "breakpoint"`. */
  point: keyof Breakpoints | null;
  callId: string | null;
}

const POINTS: readonly string[] = [
  "beforeRequest",
  "onWireEvent",
  "beforeExecute",
  "afterResult",
  "endOfTurn",
];

/**
 * The point the run is paused at: the last `run.paused` when nothing resumed or ended the run
 * after it; `null` otherwise. Walks back from the end, so it costs only the events since.
 */
export function derivePausedPoint(events: readonly TraceEvent[]): PausedPoint | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.kind === "run.paused") {
      const point =
        event.point !== undefined && POINTS.includes(event.point) ? (event.point as keyof Breakpoints) : null;
      return {
        seq: event.seq,
        runId: event.runId,
        reason: event.reason,
        point,
        callId: event.callId ?? null,
      };
    }
    if (event.kind.startsWith("run.")) return null;
  }
  return null;
}

/** The tool call with this id in a list of messages, newest first; `null` when there is none. */
export function findToolCall(
  messages: readonly { content: Block[] }[],
  callId: string | null,
): ToolCallBlock | null {
  if (callId === null) return null;
  for (let i = messages.length - 1; i >= 0; i--) {
    for (const block of messages[i]!.content)
      if (block.type === "toolCall" && block.id === callId) return block;
  }
  return null;
}

export type ControlAction = "step" | "continue" | "pause" | "interrupt";

interface ControlInputs {
  status: SessionStatus;
  paused: PausedPoint | null;
  /** The role of the transcript's last message: a run can start when it is `user`. */
  lastRole: "user" | "assistant" | null;
}

/**
 * Which controls fit the run's state (the server answers 409 to the others): step and continue
 * at a breakpoint, or to start a run when the transcript ends with a user message; pause while
 * running; interrupt while a run is live. A call waiting for a person blocks step and continue.
 */
export function deriveEnabledControls({
  status,
  paused,
  lastRole,
}: ControlInputs): Record<ControlAction, boolean> {
  const live = status === "running" || status === "paused";
  const resumable = status === "paused" && paused?.reason === "breakpoint";
  const startable = !live && lastRole === "user";
  return {
    step: resumable || startable,
    continue: resumable || startable,
    pause: status === "running",
    interrupt: live,
  };
}

import type { Block, ToolCallBlock } from "@/lib/protocol/unified";
import type { Breakpoints } from "@/lib/trace/config";
import type { EventOf, PauseReason, TraceEvent } from "@/lib/trace/events";
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
 * The point the run is paused at: the oldest `run.paused` of the live run that no `run.resumed`
 * answered (parallel calls pause together and are resumed one by one, oldest first); `null` when
 * none waits. Walks back from the end to the run's start, so it costs only the run's events.
 */
export function derivePausedPoint(events: readonly TraceEvent[]): PausedPoint | null {
  const resumed = new Map<string, number>();
  let oldest: PausedPoint | null = null;
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (event.kind === "run.resumed") {
      const key = pauseKey(event);
      resumed.set(key, (resumed.get(key) ?? 0) + 1);
    } else if (event.kind === "run.paused") {
      const key = pauseKey(event);
      const answered = resumed.get(key) ?? 0;
      if (answered > 0) resumed.set(key, answered - 1);
      else oldest = toPausedPoint(event);
    } else if (event.kind.startsWith("run.")) break;
  }
  return oldest;
}

function pauseKey(event: EventOf<"run.paused"> | EventOf<"run.resumed">): string {
  return `${event.reason}\u0000${event.point ?? ""}\u0000${event.callId ?? ""}`;
}

function toPausedPoint(event: EventOf<"run.paused">): PausedPoint {
  const point =
    event.point !== undefined && POINTS.includes(event.point) ? (event.point as keyof Breakpoints) : null;
  return { seq: event.seq, runId: event.runId, reason: event.reason, point, callId: event.callId ?? null };
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

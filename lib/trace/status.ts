/**
 * A session's status, derived from its log (docs/architecture.md): never stored, never kept in UI state.
 */
import type { TraceEvent } from "./events";

export type SessionStatus = "idle" | "running" | "paused" | "finished" | "failed" | "interrupted";

export interface RunState {
  status: SessionStatus;
  /** The run that is live (running or paused), if any. */
  liveRunId: string | null;
  /** The last run's id, live or not. */
  lastRunId: string | null;
  /**
   * How many gates the live run waits at: a `run.paused` not yet followed by its `run.resumed`.
   * Parallel calls pause together, so one resume can leave the run still paused.
   */
  pauses: number;
}

/** Folds one event into the run state. */
export function reduceRunState(state: RunState, event: TraceEvent): RunState {
  switch (event.kind) {
    case "run.started":
      return { status: "running", liveRunId: event.runId, lastRunId: event.runId, pauses: 0 };
    case "run.resumed": {
      const pauses = Math.max(0, state.pauses - 1);
      return {
        status: pauses > 0 ? "paused" : "running",
        liveRunId: event.runId,
        lastRunId: event.runId,
        pauses,
      };
    }
    case "run.paused":
      return { status: "paused", liveRunId: event.runId, lastRunId: event.runId, pauses: state.pauses + 1 };
    case "run.finished":
      return { status: "finished", liveRunId: null, lastRunId: event.runId, pauses: 0 };
    case "run.failed":
      return { status: "failed", liveRunId: null, lastRunId: event.runId, pauses: 0 };
    case "run.interrupted":
      // A fork ends the run it copied: the child waits for a message or a continue.
      return {
        status: event.forked ? "idle" : "interrupted",
        liveRunId: null,
        lastRunId: event.runId,
        pauses: 0,
      };
    default:
      return state;
  }
}

export const INITIAL_RUN_STATE: RunState = Object.freeze({
  status: "idle",
  liveRunId: null,
  lastRunId: null,
  pauses: 0,
});

/** The run state as of event `upTo` (inclusive; default: the whole log). */
export function deriveRunState(events: readonly TraceEvent[], upTo = Infinity): RunState {
  let state = INITIAL_RUN_STATE;
  for (const event of events) {
    if (event.seq > upTo) break;
    state = reduceRunState(state, event);
  }
  return state;
}

export function deriveStatus(events: readonly TraceEvent[], upTo = Infinity): SessionStatus {
  return deriveRunState(events, upTo).status;
}

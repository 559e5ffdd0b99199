/**
 * The lesson guide as a pure transition table: `transitionGuide(state, event)` gives the next
 * state and the commands that carry it out. No React: the hook in `use-guide.ts` feeds it events
 * (Next and Back, the log growing, the run's status changing, its own requests settling) and
 * executes the commands it returns.
 *
 * On a step whose event is not in the log yet, the guide sets the breakpoints where the run first
 * stops after that event, then sends the lesson's next message or continues a paused run, each at
 * most once per state of the log; approvals stay with the person. When the event is there, the
 * cursor moves to it and stays there. Finishing takes the guide's breakpoints away and lets the
 * run end.
 */
import { assertNever } from "@/lib/protocol/unified";
import { NO_BREAKPOINTS, type Breakpoints } from "@/lib/trace/config";
import type { PauseReason } from "@/lib/trace/events";
import type { SessionStatus } from "@/lib/trace/status";
import { planBreakpoints, planMove, type GuideMove, type GuidePoint } from "./guide-plan";
import { clampIndex, describePhase, stepBack, stepForward, type GuidePhase } from "./guide-steps";

/** What the guide knows of the run, from the session's log and the server's lesson count. */
export interface GuideRun {
  status: SessionStatus;
  /** The last run's id (the log's), or null before any run. */
  lastRunId: string | null;
  /** Where the live run waits, when it is paused. */
  paused: { seq: number; reason: PauseReason } | null;
  /** Scripted messages not sent yet. */
  messagesLeft: number;
  breakpoints: Breakpoints;
}

export interface GuideState {
  /** For each step, the breakpoints at which the run first stops after its event. */
  stops: readonly (readonly GuidePoint[])[];
  /** `-1` intro, `0 … count-1` a step, `count` done. */
  index: number;
  /** For each step, the seq of its event in the log, or null while it is not there. */
  located: readonly (number | null)[];
  /** The log's last seq. */
  lastSeq: number;
  run: GuideRun;
  /** The last breakpoint plan and move sent, so each is sent once per state of the log. */
  sent: { breakpoints: string | null; move: string | null };
  /** Drives (requests to the run) sent and not settled yet; none is sent while one is. */
  pending: number;
  /** The last drive failed: nothing more is sent until a retry. */
  failed: boolean;
  error: unknown;
  /** The step's event, when it was the log's last: the first later event pins the cursor back on it. */
  held: number | null;
}

export type GuideEvent =
  | { type: "lesson-loaded"; stops: readonly (readonly GuidePoint[])[]; index: number }
  /** The remembered position changed elsewhere (another tab, or storage read late). */
  | { type: "position-changed"; index: number }
  | { type: "step-forward" }
  | { type: "step-back" }
  | { type: "log-advanced"; located: readonly (number | null)[]; lastSeq: number }
  | { type: "run-status-changed"; run: GuideRun }
  | { type: "drive-settled" }
  | { type: "drive-failed"; error: unknown }
  | { type: "retry" };

/**
 * What the hook does. The run's commands (`set-breakpoints`, `send-next-message`, `control`) of
 * one transition are one drive: carried out in that order, reported once by `drive-settled` or
 * `drive-failed`.
 */
export type GuideCommand =
  | { type: "set-breakpoints"; changes: Partial<Breakpoints> }
  | { type: "send-next-message" }
  | { type: "control"; action: "continue" }
  | { type: "seek"; seq: number }
  | { type: "go-live" }
  | { type: "store-position"; index: number };

export interface GuideTransition {
  state: GuideState;
  commands: GuideCommand[];
}

/** The guide's state before any event: the lesson at `index`, the log and run as they are. */
export function createGuideState(init: {
  stops: GuideState["stops"];
  index: number;
  located: GuideState["located"];
  lastSeq: number;
  run: GuideRun;
}): GuideState {
  return {
    ...init,
    index: clampIndex(init.index, init.stops.length),
    sent: { breakpoints: null, move: null },
    pending: 0,
    failed: false,
    error: null,
    held: null,
  };
}

/** What the pane shows of a state. */
export interface GuideView {
  phase: GuidePhase;
  index: number;
  count: number;
  /** The seq of the step's event, or null while it is not in the log (or outside a step). */
  stepSeq: number | null;
  /** What brings the step on screen; null outside a step. */
  move: GuideMove | null;
  /** Next is possible: not done, and the current step is on screen (or can never be). */
  canNext: boolean;
}

export function readGuideView(state: GuideState): GuideView {
  const count = state.stops.length;
  const move = readMove(state);
  return {
    phase: describePhase(state.index, count),
    index: state.index,
    count,
    stepSeq: readStepSeq(state),
    move,
    canNext: state.index < count && (move === null || move.kind === "seek" || move.kind === "stuck"),
  };
}

/** The transition table. Pure; an event that changes nothing returns the same state and no commands. */
export function transitionGuide(state: GuideState, event: GuideEvent): GuideTransition {
  switch (event.type) {
    case "lesson-loaded":
      return enterStep(
        { ...state, stops: event.stops, index: clampIndex(event.index, event.stops.length) },
        [],
      );
    case "position-changed": {
      const index = clampIndex(event.index, state.stops.length);
      return index === state.index ? unchanged(state) : enterStep({ ...state, index }, []);
    }
    case "step-forward":
      return goForward(state);
    case "step-back": {
      const index = stepBack(state.index, state.stops.length);
      if (index === state.index) return unchanged(state);
      return enterStep({ ...state, index }, [{ type: "store-position", index }]);
    }
    case "log-advanced":
      return advanceLog(state, event.located, event.lastSeq);
    case "run-status-changed":
      return isSameRun(state.run, event.run) ? unchanged(state) : drive({ ...state, run: event.run }, []);
    case "drive-settled":
      return drive({ ...state, pending: Math.max(0, state.pending - 1) }, []);
    case "drive-failed":
      return {
        state: { ...state, pending: Math.max(0, state.pending - 1), failed: true, error: event.error },
        commands: [],
      };
    case "retry":
      return drive({ ...state, sent: { breakpoints: null, move: null }, failed: false, error: null }, []);
    default:
      return assertNever(event, "guide event");
  }
}

const unchanged = (state: GuideState): GuideTransition => ({ state, commands: [] });

function readStepSeq(state: GuideState): number | null {
  const { index } = state;
  return index >= 0 && index < state.stops.length ? (state.located[index] ?? null) : null;
}

function readMove(state: GuideState): GuideMove | null {
  if (state.index < 0 || state.index >= state.stops.length) return null;
  const { status, lastRunId, paused, messagesLeft } = state.run;
  return planMove({ seq: readStepSeq(state), status, lastRunId, paused, messagesLeft });
}

/** Next: one step on, when the step is on screen; from the last step, finishing the lesson. */
function goForward(state: GuideState): GuideTransition {
  if (!readGuideView(state).canNext) return unchanged(state);
  const count = state.stops.length;
  const index = stepForward(state.index, count);
  const commands: GuideCommand[] = [];
  let next: GuideState = { ...state, index };
  if (state.index === count - 1) {
    const clear = planBreakpoints(state.run.breakpoints, []);
    const resume = state.run.paused?.reason === "breakpoint";
    if (clear) commands.push({ type: "set-breakpoints", changes: clear });
    if (resume) commands.push({ type: "control", action: "continue" });
    if (clear || resume) next = { ...next, pending: next.pending + 1 };
    commands.push({ type: "go-live" });
  }
  commands.push({ type: "store-position", index });
  return enterStep(next, commands);
}

/** A step (or the lesson) was entered: the cursor goes to its event when it is there, then the run is driven. */
function enterStep(state: GuideState, commands: GuideCommand[]): GuideTransition {
  const seq = readStepSeq(state);
  const held = seq !== null && seq >= state.lastSeq ? seq : null;
  return drive({ ...state, held }, seq === null ? commands : [...commands, { type: "seek", seq }]);
}

function advanceLog(
  state: GuideState,
  located: readonly (number | null)[],
  lastSeq: number,
): GuideTransition {
  if (lastSeq === state.lastSeq && isSameList(located, state.located)) return unchanged(state);
  const next = { ...state, located, lastSeq };
  if (readStepSeq(next) !== readStepSeq(state)) return enterStep(next, []);
  if (next.held !== null && lastSeq > next.held)
    return drive({ ...next, held: null }, [{ type: "seek", seq: next.held }]);
  return drive(next, []);
}

/** Sends what the step needs and was not sent for this state of the log: breakpoints, then a message or a continue. */
function drive(state: GuideState, commands: GuideCommand[]): GuideTransition {
  if (state.pending > 0 || state.failed) return { state, commands };
  const index = state.index;
  const stops = index >= 0 && index < state.stops.length ? state.stops[index]! : null;
  const changes = stops && readStepSeq(state) === null ? planBreakpoints(state.run.breakpoints, stops) : null;
  const breakpointKey = changes ? `${index}:${JSON.stringify(changes)}` : null;
  const move = readMove(state);
  const action = move?.kind === "send" || move?.kind === "continue" ? move : null;
  const newChanges = changes !== null && breakpointKey !== state.sent.breakpoints;
  const newMove = action !== null && action.key !== state.sent.move;
  if (!newChanges && !newMove) return { state, commands };
  const driven: GuideCommand[] = [];
  if (newChanges) driven.push({ type: "set-breakpoints", changes });
  if (newMove)
    driven.push(
      action.kind === "send" ? { type: "send-next-message" } : { type: "control", action: "continue" },
    );
  const sent = {
    breakpoints: newChanges ? breakpointKey : state.sent.breakpoints,
    move: newMove ? action.key : state.sent.move,
  };
  return { state: { ...state, sent, pending: state.pending + 1 }, commands: [...commands, ...driven] };
}

const BREAKPOINT_KEYS = Object.keys(NO_BREAKPOINTS) as (keyof Breakpoints)[];

function isSameRun(a: GuideRun, b: GuideRun): boolean {
  return (
    a.status === b.status &&
    a.lastRunId === b.lastRunId &&
    a.messagesLeft === b.messagesLeft &&
    a.paused?.seq === b.paused?.seq &&
    a.paused?.reason === b.paused?.reason &&
    BREAKPOINT_KEYS.every((key) => a.breakpoints[key] === b.breakpoints[key])
  );
}

function isSameList(a: readonly (number | null)[], b: readonly (number | null)[]): boolean {
  return a === b || (a.length === b.length && a.every((value, index) => value === b[index]));
}

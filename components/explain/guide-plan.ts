/**
 * What the guide does to show a step. Pure: the transition table in `guide-machine.ts` plans
 * each step's breakpoints and move with it.
 */
import { assertNever } from "@/lib/protocol/unified";
import type { Breakpoints } from "@/lib/trace/config";
import type { LessonProgress } from "@/lib/contract/sessions";
import type { PauseReason } from "@/lib/trace/events";
import type { StepMatch } from "@/lib/trace/lesson-steps";
import type { SessionStatus } from "@/lib/trace/status";

/** The breakpoints the guide sets; `onWireEvent` (slow motion) stays the person's choice. */
export const GUIDE_POINTS = ["beforeRequest", "beforeExecute", "afterResult", "endOfTurn"] as const;
export type GuidePoint = (typeof GUIDE_POINTS)[number];

const BEFORE_EXECUTE: readonly GuidePoint[] = ["beforeExecute", "afterResult"];
const AFTER_RESULT: readonly GuidePoint[] = ["afterResult"];
const EARLY_STAGES: readonly string[] = ["lookup", "prepare", "validate", "preflight", "approval"];

/**
 * The breakpoints at which the run first stops after a step's event (docs/architecture.md, "Stepping"):
 * `beforeRequest` follows `request.assembled`, `endOfTurn` follows `turn.completed`,
 * `beforeExecute` follows a call's checks and approval, `afterResult` follows its result. A call
 * that fails its checks never reaches `execute`, so those steps also stop after the result. A
 * lesson's reconfiguration comes just before its message's run, so it stops before the request.
 * Empty where the run stops by itself (a pause, its end) or never goes (creation, fork, replay).
 */
export function selectStopPoints(match: StepMatch): readonly GuidePoint[] {
  const kind = match.kind;
  switch (kind) {
    case "session.configured":
    case "user.message":
    case "run.started":
    case "request.assembled":
      return ["beforeRequest"];
    case "wire.response":
    case "wire.event":
    case "wire.error":
    case "turn.completed":
      return ["endOfTurn"];
    case "batch.planned":
    case "tool.decision":
      return BEFORE_EXECUTE;
    case "tool.stage": {
      const stage = match.fields?.stage;
      return typeof stage === "string" && !EARLY_STAGES.includes(stage) ? AFTER_RESULT : BEFORE_EXECUTE;
    }
    case "tool.progress":
    case "tool.result":
    case "workspace.changed":
      return AFTER_RESULT;
    case "run.resumed":
      return GUIDE_POINTS;
    case "session.created":
    case "session.forked":
    case "call.replayed":
    case "provider.trust":
    case "run.paused":
    case "run.finished":
    case "run.interrupted":
    case "run.failed":
    case "mcp.connected":
    case "mcp.failed":
    case "mcp.message":
    case "session.trusted":
    case "tokens.counted":
      return [];
    default:
      return assertNever(kind, "event kind");
  }
}

/**
 * The breakpoint changes that make exactly `points` (of the guide's four) set, leaving
 * `onWireEvent` alone; `null` when the breakpoints already are so.
 */
export function planBreakpoints(
  current: Breakpoints,
  points: readonly GuidePoint[],
): Partial<Breakpoints> | null {
  const changes: Partial<Breakpoints> = {};
  for (const point of GUIDE_POINTS) {
    const wanted = points.includes(point);
    if (current[point] !== wanted) changes[point] = wanted;
  }
  return Object.keys(changes).length === 0 ? null : changes;
}

/** What brings a step on screen. `key` names the log state a move acts on, so it is sent once. */
export type GuideMove =
  | { kind: "seek"; seq: number }
  | { kind: "send"; key: string }
  | { kind: "continue"; key: string }
  | { kind: "wait"; reason: "running" | "approval" | "manual-result" }
  | { kind: "stuck" };

export interface MoveInputs {
  /** The seq of the step's event, or null while it is not in the log. */
  seq: number | null;
  status: SessionStatus;
  /** The last run's id (the log's), or null before any run. */
  lastRunId: string | null;
  /** Where the live run waits, when it is paused. */
  paused: { seq: number; reason: PauseReason } | null;
  /** Scripted messages not sent yet. */
  messagesLeft: number;
}

/**
 * The step's event in the log → move the cursor there. Otherwise make the run get there: resume
 * from a breakpoint; wait for a running run, or for the person to decide a call (the guide never
 * approves for them); send the lesson's next message when no run is live. With no run and no
 * message left, nothing will bring the event: `stuck`.
 */
export function planMove({ seq, status, lastRunId, paused, messagesLeft }: MoveInputs): GuideMove {
  if (seq !== null) return { kind: "seek", seq };
  if (status === "running") return { kind: "wait", reason: "running" };
  if (status === "paused") {
    if (paused?.reason === "approval" || paused?.reason === "manual-result")
      return { kind: "wait", reason: paused.reason };
    return paused ? { kind: "continue", key: `continue:${paused.seq}` } : { kind: "wait", reason: "running" };
  }
  return messagesLeft > 0 ? { kind: "send", key: `send:${lastRunId ?? "none"}` } : { kind: "stuck" };
}

/**
 * The lesson's scripted messages not sent yet, from the server's count (`session.lesson`), which
 * leaves out messages a person typed. None without a lesson, or before the session is loaded.
 */
export function countMessagesLeft(lesson: LessonProgress | null | undefined): number {
  return lesson ? Math.max(0, lesson.total - lesson.sent) : 0;
}

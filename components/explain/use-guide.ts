import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { useCallback, useEffect, useMemo, useRef } from "react";
import type { PausedPoint } from "@/components/controls/paused-point";
import { requestJson } from "@/components/data/api";
import { sessionKey } from "@/components/data/query-keys";
import type { SessionDetail } from "@/lib/contract/sessions";
import { useSessionSlice } from "@/components/fork/use-fork";
import { useStoredValue } from "@/components/layout/use-stored-value";
import type { LessonDetail } from "@/components/lessons/use-lessons";
import type { Cursor } from "@/components/session/use-cursor";
import type { Breakpoints } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { locateSteps, type LessonStepView } from "@/lib/trace/lesson-steps";
import type { RunState } from "@/lib/trace/status";
import { countMessagesLeft, planBreakpoints, planMove, selectStopPoints, type GuideMove } from "./guide-plan";
import {
  clampIndex,
  describePhase,
  parseStoredIndex,
  stepBack,
  stepForward,
  type GuidePhase,
} from "./guide-steps";

/** What the guide reads: the lesson, the session's log and run state, and the debugger's cursor. */
export interface GuideInputs {
  sessionId: string;
  lesson: LessonDetail;
  events: readonly TraceEvent[];
  cursor: Cursor;
  runState: RunState;
  paused: PausedPoint | null;
  breakpoints: Breakpoints;
}

/** The guide's state and actions, as the pane shows them. */
export interface Guide {
  phase: GuidePhase;
  /** `-1` intro, `0 … count-1` a step, `count` done. */
  index: number;
  count: number;
  step: LessonStepView | null;
  /** The seq of the step's event, or null while it is not in the log. */
  stepSeq: number | null;
  /** What brings the step on screen; null outside a step. */
  move: GuideMove | null;
  /** Next is possible: not done, and the current step is on screen (or can never be). */
  canNext: boolean;
  next: () => void;
  back: () => void;
  /** The last failed request to the run (breakpoints, message, continue), if any. */
  error: unknown;
  retry: () => void;
}

/** What one drive of the run sends, in order: breakpoint changes, then a message or a continue. */
interface Drive {
  changes: Partial<Breakpoints> | null;
  action: "send" | "continue" | null;
}

const sessionUrl = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

/**
 * The guide's state and its effect on the run. The position is remembered per
 * session. On a step whose event is not in the log yet, it sets the breakpoints where the run
 * first stops after that event, then sends the lesson's next message (in the UI language) or
 * continues a paused run, each at most once per state of the log; approvals stay with the
 * person. When the event arrives, the debugger's cursor moves to it and stays there, however far
 * the run goes on. Finishing takes the guide's breakpoints away and lets the run end.
 */
export function useGuide({
  sessionId,
  lesson,
  events,
  cursor,
  runState,
  paused,
  breakpoints,
}: GuideInputs): Guide {
  const { steps } = lesson;
  const count = steps.length;
  const [stored, store] = useStoredValue(`toolscope.guide.${sessionId}`, -1, parseStoredIndex);
  const index = clampIndex(stored, count);
  const located = useMemo(() => locateSteps(events, steps), [events, steps]);
  const step = index >= 0 && index < count ? steps[index]! : null;
  const stepSeq = step ? (located[index] ?? null) : null;
  const progress = useSessionSlice(sessionId, selectLesson).data;
  const messagesLeft = countMessagesLeft(progress);
  const move = step
    ? planMove({
        seq: stepSeq,
        status: runState.status,
        lastRunId: runState.lastRunId,
        paused: paused ? { seq: paused.seq, reason: paused.reason } : null,
        messagesLeft,
      })
    : null;

  const lang = useLocale();
  const queryClient = useQueryClient();
  const drive = useMutation({
    mutationFn: async ({ changes, action }: Drive) => {
      if (changes)
        await requestJson(`${sessionUrl(sessionId)}/breakpoints`, { method: "PUT", body: changes });
      if (action === "send") {
        await requestJson(`${sessionUrl(sessionId)}/messages`, { method: "POST", body: { lang } });
        await refreshLesson(queryClient, sessionId);
      }
      if (action === "continue")
        await requestJson(`${sessionUrl(sessionId)}/control`, {
          method: "POST",
          body: { action: "continue" },
        });
    },
  });
  /** The last breakpoint plan and move sent, so each is sent once per state of the log. */
  const sent = useRef<{ breakpoints: string | null; move: string | null }>({ breakpoints: null, move: null });

  const changes =
    step && stepSeq === null ? planBreakpoints(breakpoints, selectStopPoints(step.match)) : null;
  const breakpointKey = changes ? `${index}:${JSON.stringify(changes)}` : null;
  const moveKey = move?.kind === "send" || move?.kind === "continue" ? move.key : null;
  const { mutate, isPending, isError } = drive;
  useEffect(() => {
    if (isPending || isError) return;
    const newChanges = breakpointKey !== null && breakpointKey !== sent.current.breakpoints;
    const newMove = moveKey !== null && moveKey !== sent.current.move;
    if (!newChanges && !newMove) return;
    sent.current = {
      breakpoints: newChanges ? breakpointKey : sent.current.breakpoints,
      move: newMove ? moveKey : sent.current.move,
    };
    const action = newMove && (move?.kind === "send" || move?.kind === "continue") ? move.kind : null;
    mutate({ changes: newChanges ? changes : null, action });
  }, [breakpointKey, moveKey, move, changes, isPending, isError, mutate]);

  useHoldCursor(cursor, index, stepSeq, events.at(-1)?.seq ?? 0);

  const finish = useCallback(() => {
    const clear = planBreakpoints(breakpoints, []);
    const resume = paused?.reason === "breakpoint";
    if (clear || resume) mutate({ changes: clear, action: resume ? "continue" : null });
  }, [breakpoints, paused, mutate]);

  const { goLive } = cursor;
  const canNext = index < count && (move === null || move.kind === "seek" || move.kind === "stuck");
  const next = useCallback(() => {
    if (!canNext) return;
    if (index === count - 1) {
      finish();
      goLive();
    }
    store(stepForward(index, count));
  }, [canNext, index, count, finish, goLive, store]);
  const back = useCallback(() => store(stepBack(index, count)), [index, count, store]);
  const retry = useCallback(() => {
    sent.current = { breakpoints: null, move: null };
    drive.reset();
  }, [drive]);

  return {
    phase: describePhase(index, count),
    index,
    count,
    step,
    stepSeq,
    move,
    canNext,
    next,
    back,
    error: drive.error,
    retry,
  };
}

const selectLesson = (data: SessionDetail) => data.session.lesson;

/**
 * Reads the lesson's count again after a scripted message was sent (the server appends it before
 * answering) and sets only `session.lesson` in the cached session: its log is the live stream's
 * to grow, never replaced. The guide's drive stays pending until then, so it never decides on a
 * stale count.
 */
export async function refreshLesson(queryClient: QueryClient, id: string): Promise<void> {
  const fresh = await requestJson<SessionDetail>(sessionUrl(id));
  queryClient.setQueryData<SessionDetail>(sessionKey(id), (old) =>
    old ? { ...old, session: { ...old.session, lesson: fresh.session.lesson } } : old,
  );
}

/**
 * Moves the cursor to the step's event when the step changes or its event arrives. The event may
 * be the log's last (the cursor would then follow the run live), so the first later event pins
 * the cursor back on it.
 */
function useHoldCursor(cursor: Cursor, index: number, stepSeq: number | null, lastSeq: number) {
  const seek = useRef(cursor.seek);
  const held = useRef<number | null>(null);
  useEffect(() => {
    seek.current = cursor.seek;
  });
  useEffect(() => {
    held.current = stepSeq;
    if (stepSeq !== null) seek.current(stepSeq);
  }, [index, stepSeq]);
  useEffect(() => {
    const seq = held.current;
    if (seq === null || lastSeq <= seq) return;
    held.current = null;
    seek.current(seq);
  }, [lastSeq]);
}

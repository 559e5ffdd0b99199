import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useLocale } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { PausedPoint } from "@/components/controls/paused-point";
import { requestJson } from "@/components/data/api";
import { sessionKey } from "@/components/data/query-keys";
import type { SessionDetail } from "@/lib/contract/sessions";
import { useSessionSlice } from "@/components/fork/use-fork";
import { useStoredValue } from "@/components/layout/use-stored-value";
import type { LessonDetail } from "@/components/lessons/use-lessons";
import type { Cursor } from "@/components/session/use-cursor";
import { assertNever } from "@/lib/protocol/unified";
import type { Breakpoints } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { locateSteps, type LessonStepView } from "@/lib/trace/lesson-steps";
import type { RunState } from "@/lib/trace/status";
import { createGuideDriver } from "./guide-driver";
import { createGuideState, readGuideView, type GuideCommand, type GuideRun } from "./guide-machine";
import { countMessagesLeft, selectStopPoints, type GuideMove } from "./guide-plan";
import { parseStoredIndex, type GuidePhase } from "./guide-steps";

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

const sessionUrl = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

/** The commands that go to the run, as one drive; the others act on this page. */
const isRunCommand = (command: GuideCommand) =>
  command.type === "set-breakpoints" || command.type === "send-next-message" || command.type === "control";

/**
 * The guide in the debugger: a thin hook around the pure transition table of `guide-machine.ts`.
 * It feeds it events (the lesson, the remembered position, the log, the run, Next and Back, its
 * own requests settling) and executes the commands it returns: the run's requests, the cursor's
 * moves, the position remembered per session.
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
  const storageKey = `toolscope.guide.${sessionId}`;
  const [stored, store] = useStoredValue(storageKey, -1, parseStoredIndex);
  const stops = useMemo(() => steps.map((step) => selectStopPoints(step.match)), [steps]);
  const located = useMemo(() => locateSteps(events, steps), [events, steps]);
  const lastSeq = events.at(-1)?.seq ?? 0;
  const messagesLeft = countMessagesLeft(useSessionSlice(sessionId, selectLesson).data);
  const pausedSeq = paused?.seq ?? null;
  const pausedReason = paused?.reason ?? null;
  const run = useMemo<GuideRun>(
    () => ({
      status: runState.status,
      lastRunId: runState.lastRunId,
      paused: pausedSeq !== null && pausedReason !== null ? { seq: pausedSeq, reason: pausedReason } : null,
      messagesLeft,
      breakpoints,
    }),
    [runState.status, runState.lastRunId, pausedSeq, pausedReason, messagesLeft, breakpoints],
  );

  const lang = useLocale();
  const queryClient = useQueryClient();
  const [driver] = useState(() =>
    createGuideDriver(createGuideState({ stops, index: stored, located, lastSeq, run })),
  );
  /** The position this page stored last, so only a change from elsewhere is an event. */
  const written = useRef<{ key: string; index: number } | null>(null);

  // In this order: the executor first (the other effects' commands use it), the log before the run
  // (both come from one log: a status read with the log it came from never sends for a step already there).
  useEffect(() => {
    driver.connect((commands) => {
      const drive = commands.filter(isRunCommand);
      if (drive.length > 0)
        void runDrive({ sessionId, lang, queryClient }, drive).then(
          () => driver.dispatch({ type: "drive-settled" }),
          (error: unknown) => driver.dispatch({ type: "drive-failed", error }),
        );
      for (const command of commands) {
        if (command.type === "store-position") written.current = { key: storageKey, index: command.index };
        executeOnPage(command, cursor, store);
      }
    });
    // Unmounted, the page is gone: a drive settling later changes the state and executes nothing.
    return () => driver.connect(() => {});
  });
  useEffect(
    () => driver.dispatch({ type: "lesson-loaded", stops, index: driver.getState().index }),
    [driver, stops],
  );
  useEffect(() => {
    const own = written.current?.key === storageKey && written.current.index === stored;
    if (!own) driver.dispatch({ type: "position-changed", index: stored });
  }, [driver, stored, storageKey]);
  useEffect(() => driver.dispatch({ type: "log-advanced", located, lastSeq }), [driver, located, lastSeq]);
  useEffect(() => driver.dispatch({ type: "run-status-changed", run }), [driver, run]);

  const state = useSyncExternalStore(driver.subscribe, driver.getState, driver.getState);
  const view = useMemo(() => readGuideView(state), [state]);
  const next = useCallback(() => driver.dispatch({ type: "step-forward" }), [driver]);
  const back = useCallback(() => driver.dispatch({ type: "step-back" }), [driver]);
  const retry = useCallback(() => driver.dispatch({ type: "retry" }), [driver]);
  const step = view.phase === "step" ? (steps[view.index] ?? null) : null;
  return { ...view, step, next, back, error: state.failed ? state.error : null, retry };
}

/** Carries out a command that acts on this page; the run's commands are a drive's. */
function executeOnPage(command: GuideCommand, cursor: Cursor, store: (index: number) => void): void {
  switch (command.type) {
    case "seek":
      return cursor.seek(command.seq);
    case "go-live":
      return cursor.goLive();
    case "store-position":
      return store(command.index);
    case "set-breakpoints":
    case "send-next-message":
    case "control":
      return;
    default:
      return assertNever(command, "guide command");
  }
}

/** Carries out one drive, in order: breakpoint changes, then a message (and the lesson's new count) or a continue. */
async function runDrive(
  { sessionId, lang, queryClient }: { sessionId: string; lang: string; queryClient: QueryClient },
  commands: readonly GuideCommand[],
): Promise<void> {
  const url = sessionUrl(sessionId);
  for (const command of commands) {
    switch (command.type) {
      case "set-breakpoints":
        await requestJson(`${url}/breakpoints`, { method: "PUT", body: command.changes });
        break;
      case "send-next-message":
        await requestJson(`${url}/messages`, { method: "POST", body: { lang } });
        await refreshLesson(queryClient, sessionId);
        break;
      case "control":
        await requestJson(`${url}/control`, { method: "POST", body: { action: command.action } });
        break;
      case "seek":
      case "go-live":
      case "store-position":
        break;
      default:
        assertNever(command, "guide command");
    }
  }
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

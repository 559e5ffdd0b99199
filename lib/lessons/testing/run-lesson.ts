/**
 * Runs a lesson end to end in a real runtime, for lesson tests: the session is created
 * and every scripted message sent through the same functions the routes call
 * (`createSession`, `startMessageRun`, `decideCall`, `provideManualResult`), on the test
 * runtime's virtual clock, so nothing waits in real time (a lesson with an MCP server runs on the
 * system clock, and its servers are stopped at the end). Test-only.
 */
import { decideCall, provideManualResult } from "@/lib/agent/control";
import { systemClock } from "@/lib/clock/system-clock";
import type { LessonLang } from "@/lib/agent/lesson-messages";
import { startMessageRun } from "@/lib/agent/runs";
import { createSession } from "@/lib/agent/sessions";
import { openTestRuntime, type TestRuntime } from "@/lib/agent/testing/offline-runtime";
import type { Decision, ManualResult } from "@/lib/pipeline/types";
import type { RunPaused, TraceEvent } from "@/lib/trace/events";
import { findScenario } from "@/lib/lessons";
import type { Scenario } from "@/lib/lessons/types";

/** A call the run waits on: its pause event and the session's log up to it. */
export interface WaitingCall {
  callId: string;
  pause: RunPaused;
  events: readonly TraceEvent[];
}

export interface RunLessonOptions {
  /** The language of the messages sent (`POST .../messages { lang }`); default `en`. */
  lang?: LessonLang;
  /** The answer to a call waiting for approval; default the lesson's `answers`, else approve. */
  decide?: Decision | ((waiting: WaitingCall) => Decision);
  /** The result typed for a `manual` tool; default the lesson's `answers`, else "Done.". */
  manualResult?: ManualResult | ((waiting: WaitingCall) => ManualResult);
  /** How many of the lesson's messages to send; default all of them. */
  messages?: number;
  /** A runtime to run in (the caller closes it); default a fresh one, closed at the end. */
  runtime?: TestRuntime;
}

export interface LessonRun {
  sessionId: string;
  /** The session's whole log once the last run ended. */
  events: TraceEvent[];
  /** The log after each message's run ended, one entry per message sent. */
  afterEachMessage: TraceEvent[][];
}

type Answers = NonNullable<Scenario["answers"]>;

/** The lesson's own answer to its `index`-th wait of that kind (approve / "Done." past the list). */
function readDefaultDecision(answers: Answers, index: number): Decision {
  return { decision: answers.decisions?.[index] ?? "approve" };
}

function readDefaultManualResult(answers: Answers, index: number): ManualResult {
  return { content: answers.manualResults?.[index] ?? "Done.", isError: false };
}

/** Throws the problem of a refused outcome. */
function unwrap<T>(outcome: { ok: true; value: T } | { ok: false; problem: { error: string } }): T {
  if (!outcome.ok) throw new Error(outcome.problem.error);
  return outcome.value;
}

/**
 * Answers every approval and manual-result wait of the session's runs as `options` say, else as
 * the lesson's `answers` say.
 */
function answerWaits(
  test: TestRuntime,
  sessionId: string,
  options: RunLessonOptions,
  answers: Answers,
): () => void {
  const { runtime } = test;
  const counts = { approval: 0, manual: 0 };
  return runtime.bus.subscribe(sessionId, (event) => {
    if (event.kind !== "run.paused" || event.reason === "breakpoint" || !event.callId) return;
    const waiting = { callId: event.callId, pause: event, events: runtime.store.events(sessionId) };
    // The gate starts waiting right after it appends run.paused: answer once it does.
    setImmediate(() => {
      if (event.reason === "approval") {
        const fallback = readDefaultDecision(answers, counts.approval++);
        const decision = typeof options.decide === "function" ? options.decide(waiting) : options.decide;
        unwrap(decideCall(runtime, sessionId, waiting.callId, decision ?? fallback));
      } else {
        const fallback = readDefaultManualResult(answers, counts.manual++);
        const { manualResult } = options;
        const result = typeof manualResult === "function" ? manualResult(waiting) : manualResult;
        unwrap(provideManualResult(runtime, sessionId, waiting.callId, result ?? fallback));
      }
    });
  });
}

/**
 * Creates a session for lesson `id` (`POST /api/sessions { scenario }`), sends its messages in
 * order (`POST .../messages { lang }`), answers approvals and manual results as `options` say,
 * else as the lesson's `answers` say (else approve, "Done."), waits for each run to end, and
 * returns the log. Throws when the lesson does not exist or a step of the API refuses.
 */
export async function runLesson(id: string, options: RunLessonOptions = {}): Promise<LessonRun> {
  const scenario = findScenario(id);
  if (!scenario) throw new Error(`No lesson with id ${id}.`);
  // A lesson with an MCP server waits on a real process: virtual time would time its calls out at once.
  const clock = scenario.mcp ? systemClock : undefined;
  const test = options.runtime ?? openTestRuntime(`toolscope-lesson-${id}-`, clock);
  const { runtime } = test;
  try {
    const sessionId = unwrap(createSession(runtime, { scenario: id })).id;
    const stop = answerWaits(test, sessionId, options, scenario.answers ?? {});
    const afterEachMessage: TraceEvent[][] = [];
    try {
      const count = Math.min(options.messages ?? scenario.messages.length, scenario.messages.length);
      for (let sent = 0; sent < count; sent++) {
        unwrap(startMessageRun(runtime, sessionId, undefined, options.lang ?? "en"));
        await runtime.runs.get(sessionId)?.done;
        afterEachMessage.push(runtime.store.events(sessionId));
      }
    } finally {
      stop();
    }
    return { sessionId, events: runtime.store.events(sessionId), afterEachMessage };
  } finally {
    if (!options.runtime) {
      await runtime.mcp.stopAll();
      test.close();
    }
  }
}

import type { APIRequestContext } from "@playwright/test";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import type { Breakpoints } from "@/lib/trace/config";
import type { RunPaused, TraceEvent } from "@/lib/trace/events";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectTranscript } from "@/lib/trace/transcript";
import { expect } from "./fixtures";
import type { LessonDetail } from "./lesson-walk";

/**
 * A lesson walked end to end through the API, as fast as the server goes: a breakpoint set, every
 * scripted message sent, and at each wait the run stops at, the answer a person would give —
 * Step or Continue at a breakpoint, approve / deny / edit at an approval, a typed result at a
 * manual tool — until every run has ended. Then what must hold whatever the path: every call has
 * exactly one result, every pause was resumed, the script is done and (but for a denial, which
 * takes another road) every step of the guide is found in the log.
 */

export type Point = keyof Breakpoints;
export const POINTS: readonly Point[] = [
  "beforeRequest",
  "onWireEvent",
  "beforeExecute",
  "afterResult",
  "endOfTurn",
];
export type Branch = "approve" | "deny" | "edit";

export interface WalkOptions {
  point: Point | null;
  branch: Branch;
  /** What a breakpoint gets: Step and Continue in turn (default), or only one of them. */
  resume?: "alternate" | "step" | "continue";
  /**
   * After this many breakpoint pauses the breakpoint is turned off and the run continued to its
   * end (`onWireEvent` pauses at every SSE event: hundreds a lesson). Default 25.
   */
  maxBreaks?: number;
}

export interface WalkResult {
  sessionId: string;
  events: TraceEvent[];
  breaks: number;
  decisions: string[];
  manualResults: number;
}

const ENDED = new Set(["finished", "failed", "interrupted"]);

/** The pauses not yet followed by their resume, oldest first. */
export function openPauses(events: readonly TraceEvent[]): RunPaused[] {
  const open: RunPaused[] = [];
  for (const event of events) {
    if (event.kind === "run.paused") open.push(event);
    else if (event.kind === "run.resumed") {
      const index = open.findIndex(
        (p) =>
          p.runId === event.runId &&
          p.reason === event.reason &&
          (p.point ?? null) === (event.point ?? null) &&
          (p.callId ?? null) === (event.callId ?? null),
      );
      if (index >= 0) open.splice(index, 1);
    } else if (
      event.kind === "run.finished" ||
      event.kind === "run.failed" ||
      event.kind === "run.interrupted"
    )
      open.length = 0;
  }
  return open;
}

/** The arguments the model sent for `callId`, as the transcript holds them. */
function readArguments(events: readonly TraceEvent[], callId: string): unknown {
  for (const message of projectTranscript(events).messages)
    for (const block of message.content)
      if (block.type === "toolCall" && block.id === callId) return block.arguments ?? {};
  return {};
}

async function call(api: APIRequestContext, method: "GET" | "POST" | "PUT", url: string, data?: unknown) {
  const response = await api.fetch(url, { method, ...(data === undefined ? {} : { data }) });
  const text = await response.text();
  return { status: response.status(), json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function readSession(api: APIRequestContext, id: string) {
  const { json } = await call(api, "GET", `/api/sessions/${id}`);
  return json as {
    session: { status: string; lesson: { sent: number; total: number } | null };
    events: TraceEvent[];
  };
}

/** Waits until the session's run ends or waits (a pause is open), up to `limitMs`. */
async function settle(api: APIRequestContext, id: string, limitMs = 30_000) {
  const deadline = Date.now() + limitMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    const read = await readSession(api, id);
    const pauses = openPauses(read.events);
    if (pauses.length > 0 || ENDED.has(read.session.status)) return { ...read, pauses };
    if (Date.now() > deadline)
      throw new Error(`session ${id} neither waits nor ends: ${read.session.status}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** Walks lesson `lesson` once as `options` say, through `api` (which carries the token). */
export async function walkLessonThroughApi(
  api: APIRequestContext,
  lesson: LessonDetail,
  options: WalkOptions,
): Promise<WalkResult> {
  const created = await call(api, "POST", "/api/sessions", { scenario: lesson.id });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const label = `${lesson.id} at ${options.point ?? "no breakpoint"}, ${options.branch}`;
  if (options.point)
    expect(
      (await call(api, "PUT", `/api/sessions/${id}/breakpoints`, { [options.point]: true })).status,
    ).toBe(200);
  const result: WalkResult = { sessionId: id, events: [], breaks: 0, decisions: [], manualResults: 0 };
  const maxBreaks = options.maxBreaks ?? 25;
  let breakpointOn = options.point !== null;
  for (let message = 0; message < lesson.messages; message++) {
    const sent = await call(api, "POST", `/api/sessions/${id}/messages`, {});
    expect(sent.status, `${label}: message ${message + 1}`).toBe(202);
    for (let waits = 0; ; waits++) {
      expect(waits, `${label}: too many waits`).toBeLessThan(2000);
      const { session, events, pauses } = await settle(api, id);
      if (pauses.length === 0) {
        expect(ENDED.has(session.status), label).toBe(true);
        break;
      }
      const pause = pauses[0]!;
      if (pause.reason === "breakpoint") {
        result.breaks++;
        if (breakpointOn && result.breaks >= maxBreaks) {
          await call(api, "PUT", `/api/sessions/${id}/breakpoints`, { [options.point!]: false });
          breakpointOn = false;
        }
        const action =
          options.resume === "step" || options.resume === "continue"
            ? options.resume
            : result.breaks % 2 === 1
              ? "step"
              : "continue";
        const resumed = await call(api, "POST", `/api/sessions/${id}/control`, { action });
        expect(resumed.status, `${label}: ${action} at ${pause.point} (seq ${pause.seq})`).toBe(200);
      } else if (pause.reason === "approval") {
        const decision =
          options.branch === "edit"
            ? { decision: "edit", arguments: readArguments(events, pause.callId!) }
            : { decision: options.branch };
        result.decisions.push(options.branch);
        const decided = await call(
          api,
          "POST",
          `/api/sessions/${id}/calls/${pause.callId}/decision`,
          decision,
        );
        expect(decided.status, `${label}: ${options.branch} ${pause.callId}`).toBe(200);
      } else {
        result.manualResults++;
        const typed = await call(api, "POST", `/api/sessions/${id}/calls/${pause.callId}/result`, {
          content: "Done.",
        });
        expect(typed.status, `${label}: manual result ${pause.callId}`).toBe(200);
      }
    }
  }
  const { session, events } = await readSession(api, id);
  result.events = events;
  expect(ENDED.has(session.status), `${label}: ends`).toBe(true);
  expect(session.lesson, `${label}: the script is done`).toEqual({
    sent: lesson.messages,
    total: lesson.messages,
  });
  expect(openPauses(events), `${label}: every pause resumed`).toEqual([]);
  const errors = checkTranscript(projectTranscript(events).messages).filter((p) => p.severity === "error");
  expect(errors, `${label}: every call has exactly one result`).toEqual([]);
  if (options.branch !== "deny") {
    const located = locateSteps(events, lesson.steps);
    const missing = located.flatMap((seq, index) => (seq === null ? [index + 1] : []));
    expect(missing, `${label}: steps the guide would call "did not happen"`).toEqual([]);
  }
  return result;
}

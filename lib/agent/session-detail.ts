import "server-only";
import { findScenario } from "@/lib/lessons";
import type { SessionRow } from "@/lib/store/store";
import type { SessionConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { abandoned, EVENT_PAGE, yieldTurn } from "./abandon";
import { refuse, succeed, type Outcome } from "./outcome";
import { countSentLessonMessages } from "./lesson-messages";
import type { Runtime } from "./runtime";

/** How far a lesson session's script has gone: scripted messages sent (typed ones not counted), of all. */
export interface LessonProgress {
  sent: number;
  total: number;
}

export interface SessionDetail {
  session: SessionRow &
    Pick<SessionConfig, "system" | "tools" | "policy" | "breakpoints"> & {
      /** The lesson's progress as of `events`; `null` without a lesson (or when it no longer exists). */
      lesson: LessonProgress | null;
    };
  events: TraceEvent[];
}

/**
 * `GET /api/sessions/:id`: the list item plus the current configuration and the lesson's
 * progress, and the whole log.
 */
export function getSessionDetail(runtime: Runtime, id: string): Outcome<SessionDetail> {
  const row = runtime.store.getSession(id);
  if (!row) return refuse("not_found", `No session with id ${id}.`);
  return describeSession(runtime, row, runtime.store.eventsForReading(id));
}

/**
 * {@link getSessionDetail} for `GET /api/sessions/:id`, whose log may be long: read and redacted
 * a page at a time, yielding between pages, and stopped (`abandoned`) as soon as `signal` aborts —
 * a client that went away costs at most one more page.
 */
export async function readSessionDetail(
  runtime: Runtime,
  id: string,
  signal: AbortSignal,
): Promise<Outcome<SessionDetail>> {
  const row = runtime.store.getSession(id);
  if (!row) return refuse("not_found", `No session with id ${id}.`);
  const events: TraceEvent[] = [];
  for (;;) {
    if (signal.aborted) return abandoned();
    const page = runtime.store.eventsForReading(id, events.at(-1)?.seq ?? -1, EVENT_PAGE);
    events.push(...page);
    if (page.length < EVENT_PAGE) break;
    await yieldTurn();
  }
  return describeSession(runtime, row, events);
}

function describeSession(runtime: Runtime, row: SessionRow, events: TraceEvent[]): Outcome<SessionDetail> {
  const { id } = row;
  const config = projectSessionConfig(events);
  if (!config) return refuse("not_found", `Session ${id} has no configuration event.`);
  const { system, tools, policy, breakpoints, provider } = config;
  const lesson = readLessonProgress(config.scenario, events);
  return succeed({ session: { ...row, provider, system, tools, policy, breakpoints, lesson }, events });
}

/** The scripted messages `events` shows as sent, of the lesson's; `null` for no (known) lesson. */
export function readLessonProgress(
  scenarioId: string | null,
  events: readonly TraceEvent[],
): LessonProgress | null {
  const scenario = scenarioId ? findScenario(scenarioId) : undefined;
  if (!scenario) return null;
  return { sent: countSentLessonMessages(scenario, events), total: scenario.messages.length };
}

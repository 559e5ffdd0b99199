import "server-only";
import { findScenario } from "@/lib/lessons";
import type { SessionRow } from "@/lib/store/store";
import type { SessionConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { isMcpTrusted } from "@/lib/trace/mcp-trust";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { readEventPage, type EventPageQuery, type EventTextPage } from "./event-page";
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
      mcpServers?: SessionConfig["mcpServers"];
      /** Whether its MCP servers may start (present when it has any). */
      mcpTrusted?: boolean;
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

function describeSession(runtime: Runtime, row: SessionRow, events: TraceEvent[]): Outcome<SessionDetail> {
  const { id } = row;
  const config = projectSessionConfig(events);
  if (!config) return refuse("not_found", `Session ${id} has no configuration event.`);
  const { system, tools, policy, breakpoints, provider } = config;
  const lesson = readLessonProgress(config.scenario, events);
  const mcp = describeMcp(row, config, () => events);
  return succeed({
    session: { ...row, provider, system, tools, policy, breakpoints, lesson, ...mcp },
    events,
  });
}

/** A session's MCP servers and whether they may start; nothing for a session with none. */
function describeMcp(
  row: SessionRow,
  config: SessionConfig,
  trustEvents: () => readonly TraceEvent[],
): { mcpServers?: SessionConfig["mcpServers"]; mcpTrusted?: boolean } {
  if (!config.mcpServers || Object.keys(config.mcpServers).length === 0) return {};
  return { mcpServers: config.mcpServers, mcpTrusted: isMcpTrusted(row.source, trustEvents()) };
}

/** How many stored events one page of {@link readSessionDetailPages} holds. */
export const DETAIL_PAGE_SIZE = 1000;

/** {@link SessionDetail} with its log as pages of stored JSON texts, read one page at a time. */
export interface SessionDetailPages {
  session: SessionDetail["session"];
  /** Each event's JSON text (redacted on read), a page at a time, through the last seq at the call. */
  pages: Generator<string[], void>;
}

/**
 * `GET /api/sessions/:id` for a long log: the same answer as {@link getSessionDetail}, but the
 * events are never parsed (only the configuration's and, in a lesson, the user messages are)
 * nor held all at once: each page is read from the store when the response asks for it.
 */
export function readSessionDetailPages(runtime: Runtime, id: string): Outcome<SessionDetailPages> {
  const row = runtime.store.getSession(id);
  if (!row) return refuse("not_found", `No session with id ${id}.`);
  const config = projectSessionConfig(
    runtime.store.eventsOfKindsForReading(id, ["session.created", "session.configured"]),
  );
  if (!config) return refuse("not_found", `Session ${id} has no configuration event.`);
  const { system, tools, policy, breakpoints, provider } = config;
  const scenario = config.scenario ? findScenario(config.scenario) : undefined;
  const lesson = scenario
    ? readLessonProgress(config.scenario, runtime.store.eventsOfKindsForReading(id, ["user.message"]))
    : null;
  const mcp = describeMcp(row, config, () =>
    runtime.store.eventsOfKindsForReading(id, ["session.forked", "session.trusted"]),
  );
  const through = runtime.store.lastSeq(id);
  function* pages(): Generator<string[], void> {
    for (let after = -1; after < through;) {
      const page = runtime.store.eventTextsForReading(id, { after, through, limit: DETAIL_PAGE_SIZE });
      if (page.length === 0) return;
      yield page;
      after += page.length;
    }
  }
  return succeed({
    session: { ...row, provider, system, tools, policy, breakpoints, lesson, ...mcp },
    pages: pages(),
  });
}

/**
 * `GET /api/sessions/:id?after=&limit=&through=`: the session as {@link readSessionDetailPages}
 * gives it, with one page of its log as {@link readEventPage} reads it.
 */
export function readSessionDetailPage(
  runtime: Runtime,
  id: string,
  query: EventPageQuery,
): Outcome<{ session: SessionDetail["session"] } & EventTextPage> {
  const detail = readSessionDetailPages(runtime, id);
  if (!detail.ok) return detail;
  const page = readEventPage(runtime, id, query);
  if (!page.ok) return page;
  return succeed({ session: detail.value.session, ...page.value });
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

import "server-only";
import { findScenario } from "@/lib/lessons";
import type { SessionRow } from "@/lib/store/store";
import type { SessionConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { isMcpTrusted } from "@/lib/trace/mcp-trust";
import { projectSessionConfig } from "@/lib/trace/session-config";
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
  const events = runtime.store.eventsForReading(id);
  const config = projectSessionConfig(events);
  if (!config) return refuse("not_found", `Session ${id} has no configuration event.`);
  const { system, tools, policy, breakpoints, provider } = config;
  const lesson = readLessonProgress(config.scenario, events);
  const mcp =
    config.mcpServers && Object.keys(config.mcpServers).length > 0
      ? { mcpServers: config.mcpServers, mcpTrusted: isMcpTrusted(row.source, events) }
      : {};
  return succeed({
    session: { ...row, provider, system, tools, policy, breakpoints, lesson, ...mcp },
    events,
  });
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

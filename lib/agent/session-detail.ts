import "server-only";
import { refuse, succeed, type Outcome } from "@/lib/server/problem";
import type { SessionRow } from "@/lib/store/store";
import type { SessionConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { projectSessionConfig } from "@/lib/trace/session-config";
import type { Runtime } from "./runtime";

export interface SessionDetail {
  session: SessionRow & Pick<SessionConfig, "system" | "tools" | "policy" | "breakpoints">;
  events: TraceEvent[];
}

/** `GET /api/sessions/:id`: the list item plus the current configuration, and the whole log. */
export function getSessionDetail(runtime: Runtime, id: string): Outcome<SessionDetail> {
  const row = runtime.store.getSession(id);
  if (!row) return refuse(404, `No session with id ${id}.`);
  const events = runtime.store.events(id);
  const config = projectSessionConfig(events);
  if (!config) return refuse(404, `Session ${id} has no configuration event.`);
  const { system, tools, policy, breakpoints, provider } = config;
  return succeed({ session: { ...row, provider, system, tools, policy, breakpoints }, events });
}

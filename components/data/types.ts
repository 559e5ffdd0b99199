/** The API's response shapes (docs/api.md, "Sessions"), as the UI reads them. */
import type { Breakpoints, PolicyConfig, ProviderConfig, ToolDefinition } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import type { SessionStatus } from "@/lib/trace/status";

export interface SessionSummary {
  id: string;
  title: string;
  /** When the session was created: epoch milliseconds or an ISO string. */
  createdAt: number | string;
  parentId?: string;
  forkSeq?: number;
  provider: ProviderConfig;
  eventCount: number;
  status: SessionStatus;
}

/** How far a lesson session's script has gone (`GET /api/sessions/:id`'s `session.lesson`). */
export interface LessonProgress {
  sent: number;
  total: number;
}

export interface SessionDetail {
  session: SessionSummary & {
    system: string;
    tools: ToolDefinition[];
    policy: PolicyConfig;
    breakpoints: Breakpoints;
    /** A lesson session's scripted messages sent (typed ones not counted), of all; `null` without a lesson. */
    lesson: LessonProgress | null;
  };
  /** The log so far, ordered by seq. Live events from the SSE stream are merged in here. */
  events: TraceEvent[];
}

export const sessionsKey = ["sessions"] as const;
export const sessionKey = (id: string) => ["session", id] as const;

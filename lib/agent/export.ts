import "server-only";
import { createRedactor } from "@/lib/store/redact";
import type { TraceEvent } from "@/lib/trace/events";
import { refuse, succeed, type Outcome } from "./outcome";
import { getSessionDetail, type SessionDetail } from "./session-detail";
import type { Runtime } from "./runtime";

export const EXPORT_FORMAT = "toolscope-export";
export const EXPORT_VERSION = 1;

/** `GET /api/sessions/:id/export`: docs/api.md's export file. */
export interface SessionExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  /** The list item plus `system`, `tools`, `policy` and `breakpoints`, as `GET /api/sessions/:id`. */
  session: SessionDetail["session"];
  events: TraceEvent[];
}

/**
 * The whole session as a file that `POST /api/import` reads back into the same events. It holds
 * exactly what `GET /api/sessions/:id` serves — events were redacted when appended — and is passed
 * once more through the server's secrets as they are now (`runtime.secrets`: provider keys from
 * the environment and the settings page, the launch token) with the default secret patterns, so
 * no key can leave through it even if one was configured after an event was written.
 */
export function exportSession(runtime: Runtime, id: string): Outcome<SessionExport> {
  const detail = getSessionDetail(runtime, id);
  if (!detail.ok) return detail;
  const redact = createRedactor(runtime.secrets);
  const file: SessionExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    session: detail.value.session,
    events: detail.value.events,
  };
  return file.events.length > 0 ? succeed(redact(file)) : refuse("not_found", `Session ${id} has no events.`);
}

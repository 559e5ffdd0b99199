import "server-only";
import { shareRequestBodies } from "@/lib/trace/shared-bodies";
import { refuse, succeed, type Outcome } from "./outcome";
import type { Runtime } from "./runtime";

/** The most events one page of {@link readEventPage} may hold. */
export const MAX_EVENT_PAGE = 5000;

/** Which events a page holds: `seq > after`, `seq ≤ through` (default: the last), at most `limit`. */
export interface EventPageQuery {
  after: number;
  limit: number;
  through?: number;
  /** Request bodies shared within the page (lib/trace/shared-bodies.ts); whole when not set. */
  sharedBodies?: boolean;
}

/** One page of a session's log as the stored JSON texts (redacted on read), and where the next begins. */
export interface EventTextPage {
  lastSeq: number;
  nextAfter?: number;
  /** With shared bodies, the seqs of the requests whose bodies are shared (when any are). */
  sharedBodies?: number[];
  texts: string[];
}

/**
 * `GET /api/sessions/:id/events?after=&limit=&through=`: a window of the log by `seq`, so a page
 * can fetch what it shows of a long session instead of the whole log. The texts are the stored
 * ones, never parsed unless the redactor's screen says they may hold a secret (or, with shared
 * bodies, they are requests).
 */
export function readEventPage(runtime: Runtime, id: string, query: EventPageQuery): Outcome<EventTextPage> {
  if (!runtime.store.getSession(id)) return refuse("not_found", `No session with id ${id}.`);
  const lastSeq = runtime.store.lastSeq(id);
  const through = Math.min(query.through ?? lastSeq, lastSeq);
  const stored =
    query.after >= through
      ? []
      : runtime.store.eventTextsForReading(id, { after: query.after, through, limit: query.limit });
  const shared = query.sharedBodies ? shareRequestBodies(stored) : { texts: stored, shared: [] };
  const texts = shared.texts;
  // seq is dense from 0, so the page ends at after + its length.
  const end = query.after + texts.length;
  return succeed({
    lastSeq,
    ...(end < through ? { nextAfter: end } : {}),
    ...(shared.shared.length > 0 ? { sharedBodies: shared.shared } : {}),
    texts,
  });
}

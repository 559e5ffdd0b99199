import type { EventPage } from "@/lib/contract/events";
import type { SessionDetail, SessionDetailPage } from "@/lib/contract/sessions";
import type { TraceEvent } from "@/lib/trace/events";
import { expandRequestBodies } from "@/lib/trace/shared-bodies";
import { requestJson } from "./api";

/** Events per page of the log (the most the API gives in one). */
export const LOG_PAGE_SIZE = 5000;
/** Pages on their way at once: one is parsed while the next is read and sent. */
const IN_FLIGHT = 2;

const sessionPath = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

/**
 * Pages are read with their request bodies shared (lib/trace/shared-bodies.ts): an agent's
 * requests repeat their tools and history, most of a long log's bytes.
 */
const PAGE_QUERY = `limit=${LOG_PAGE_SIZE}&bodies=shared`;

/** The first request of {@link loadSession}: the session and the first page of its log. */
export const firstPageUrl = (id: string) => `${sessionPath(id)}?${PAGE_QUERY}`;

/** How much of the log has arrived; `total` is the log's length when the load began. */
export interface LoadProgress {
  loaded: number;
  total: number;
}

/**
 * The session and its whole log (`SessionDetail`), read in pages of {@link LOG_PAGE_SIZE}: the
 * first with the session, then fixed seq ranges up to the log's last seq at the first answer,
 * {@link IN_FLIGHT} at a time and kept in order. One 68 MB answer for a 100,000-event log was
 * parsed only once it was all in; pages are parsed while the server still writes the next.
 * Events appended meanwhile come later, from the live stream (which starts after the last seq).
 */
export async function loadSession(
  id: string,
  onProgress: (progress: LoadProgress) => void = () => {},
): Promise<SessionDetail> {
  const first = await requestJson<SessionDetailPage>(firstPageUrl(id));
  const events: TraceEvent[] = expandRequestBodies(first.events, first.sharedBodies);
  if (first.nextAfter === undefined) return { session: first.session, events };
  const through = first.lastSeq;
  const total = through + 1;
  onProgress({ loaded: events.length, total });
  const starts: number[] = [];
  for (let after = first.nextAfter; after < through; after += LOG_PAGE_SIZE) starts.push(after);
  const read = (after: number) => {
    const end = Math.min(after + LOG_PAGE_SIZE, through);
    const page = requestJson<EventPage>(
      `${sessionPath(id)}/events?after=${after}&${PAGE_QUERY}&through=${end}`,
    );
    page.catch(() => {}); // awaited in order below; a failure is thrown there, not reported twice
    return page;
  };
  const pages = starts.slice(0, IN_FLIGHT).map(read);
  for (let index = 0; index < starts.length; index++) {
    const page = await pages[index]!;
    if (index + IN_FLIGHT < starts.length) pages.push(read(starts[index + IN_FLIGHT]!));
    pages[index] = undefined as never; // let the parsed page go once its events are copied
    for (const event of expandRequestBodies(page.events, page.sharedBodies)) events.push(event);
    onProgress({ loaded: events.length, total });
  }
  return { session: first.session, events };
}

import { readEventPage } from "@/lib/agent/event-page";
import { streamSessionEvents } from "@/lib/agent/event-stream";
import type { EventPage } from "@/lib/contract/events";
import { errorResponse, streamJsonResponse } from "@/lib/server/http";
import { readEventPageQuery, readResumePoint } from "@/lib/server/query";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/**
 * The session's events as SSE, resumable with `Last-Event-ID` or `?after=`; with `?limit=`, one
 * JSON page of the log instead (`?after=&limit=&through=`, docs/api.md).
 */
export const GET = withDatabaseErrors(async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const runtime = getRuntime();
  const search = new URL(request.url).searchParams;
  if (search.has("limit")) {
    const query = readEventPageQuery(search);
    if (!query.ok) return respond(query);
    const page = readEventPage(runtime, id, query.value);
    if (!page.ok) return respond(page);
    const { texts, ...fields } = page.value;
    // The stored texts as they are: never parsed again only to be stringified.
    return streamJsonResponse<EventPage, "events">(fields, "events", [texts][Symbol.iterator]());
  }
  if (!runtime.store.getSession(id)) return errorResponse(404, `No session with id ${id}.`);
  const after = readResumePoint(request);
  if (after === null)
    return errorResponse(400, "Last-Event-ID (or ?after) must be an event seq: an integer ≥ -1.", {
      path: "after",
    });
  return new Response(streamSessionEvents(runtime, id, after, request.signal), {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
      "X-Content-Type-Options": "nosniff",
    },
  });
});

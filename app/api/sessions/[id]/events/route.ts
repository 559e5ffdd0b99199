import { streamSessionEvents } from "@/lib/agent/event-stream";
import { errorResponse } from "@/lib/server/http";
import { readResumePoint } from "@/lib/server/query";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** The session's events as SSE, resumable with `Last-Event-ID` or `?after=`. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const runtime = getRuntime();
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
}

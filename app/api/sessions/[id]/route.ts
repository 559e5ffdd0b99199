import { getRuntime } from "@/lib/agent/runtime";
import { getSessionDetail } from "@/lib/agent/session-detail";
import { errorResponse } from "@/lib/server/http";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export async function GET(_request: Request, { params }: Context) {
  const { id } = await params;
  return respond(getSessionDetail(getRuntime(), id));
}

export async function DELETE(_request: Request, { params }: Context) {
  const { id } = await params;
  const runtime = getRuntime();
  if (runtime.runs.has(id))
    return errorResponse(409, "A run is live in this session; interrupt it before deleting.");
  if (!runtime.store.deleteSession(id)) return errorResponse(404, `No session with id ${id}.`);
  return new Response(null, { status: 204 });
}

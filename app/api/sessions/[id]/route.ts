import { configureSession } from "@/lib/agent/configure";
import { getRuntime } from "@/lib/agent/runtime";
import { getSessionDetail } from "@/lib/agent/session-detail";
import { readJsonBody } from "@/lib/server/body";
import { errorResponse } from "@/lib/server/http";
import { ConfigureBody, type ConfiguredSession, type SessionDetail } from "@/lib/contract/sessions";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export async function GET(_request: Request, { params }: Context) {
  const { id } = await params;
  return respond<SessionDetail>(getSessionDetail(getRuntime(), id));
}

export async function DELETE(_request: Request, { params }: Context) {
  const { id } = await params;
  const runtime = getRuntime();
  if (runtime.runs.has(id))
    return errorResponse(409, "A run is live in this session; interrupt it before deleting.");
  if (!runtime.store.deleteSession(id)) return errorResponse(404, `No session with id ${id}.`);
  return new Response(null, { status: 204 });
}

/** Changes the session's title, system prompt, tools, policy or provider: one `session.configured`. */
export async function PATCH(request: Request, { params }: Context) {
  const { id } = await params;
  const body = await readJsonBody(request, ConfigureBody);
  if (!body.ok) return body.response;
  return respond<ConfiguredSession>(configureSession(getRuntime(), id, body.value));
}

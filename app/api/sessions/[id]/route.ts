import { configureSessionWithMcp } from "@/lib/agent/mcp-sessions";
import { getSessionDetail } from "@/lib/agent/session-detail";
import { deleteSession } from "@/lib/agent/sessions";
import { readJsonBody } from "@/lib/server/body";
import { ConfigureBody, type ConfiguredSession, type SessionDetail } from "@/lib/contract/sessions";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export async function GET(_request: Request, { params }: Context) {
  const { id } = await params;
  return respond<SessionDetail>(getSessionDetail(getRuntime(), id));
}

export async function DELETE(_request: Request, { params }: Context) {
  const { id } = await params;
  const deleted = deleteSession(getRuntime(), id);
  if (!deleted.ok) return respond(deleted);
  return new Response(null, { status: 204 });
}

/** Changes the session's title, system prompt, tools, policy, provider or MCP servers: one `session.configured`. */
export async function PATCH(request: Request, { params }: Context) {
  const { id } = await params;
  const body = await readJsonBody(request, ConfigureBody);
  if (!body.ok) return body.response;
  return respond<ConfiguredSession>(await configureSessionWithMcp(getRuntime(), id, body.value));
}

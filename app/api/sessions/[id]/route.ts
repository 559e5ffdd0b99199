import { configureSessionWithMcp } from "@/lib/agent/mcp-sessions";
import { readSessionDetailPages } from "@/lib/agent/session-detail";
import { deleteSession } from "@/lib/agent/sessions";
import { readJsonBody } from "@/lib/server/body";
import { ConfigureBody, type ConfiguredSession, type SessionDetail } from "@/lib/contract/sessions";
import { streamJsonResponse } from "@/lib/server/http";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export const GET = withDatabaseErrors(async function GET(_request: Request, { params }: Context) {
  const { id } = await params;
  const detail = readSessionDetailPages(getRuntime(), id);
  if (!detail.ok) return respond(detail);
  // The log is streamed from the stored texts, a page at a time: never parsed, never one string.
  return streamJsonResponse<SessionDetail, "events">(
    { session: detail.value.session },
    "events",
    detail.value.pages,
  );
});

export const DELETE = withDatabaseErrors(async function DELETE(_request: Request, { params }: Context) {
  const { id } = await params;
  const deleted = deleteSession(getRuntime(), id);
  if (!deleted.ok) return respond(deleted);
  return new Response(null, { status: 204 });
});

/** Changes the session's title, system prompt, tools, policy, provider or MCP servers: one `session.configured`. */
export const PATCH = withDatabaseErrors(async function PATCH(request: Request, { params }: Context) {
  const { id } = await params;
  const body = await readJsonBody(request, ConfigureBody);
  if (!body.ok) return body.response;
  return respond<ConfiguredSession>(await configureSessionWithMcp(getRuntime(), id, body.value));
});

import { configureSessionWithMcp } from "@/lib/agent/mcp-sessions";
import { readSessionDetailPage, readSessionDetailPages } from "@/lib/agent/session-detail";
import { deleteSession } from "@/lib/agent/sessions";
import { readJsonBody } from "@/lib/server/body";
import {
  ConfigureBody,
  type ConfiguredSession,
  type SessionDetail,
  type SessionDetailPage,
} from "@/lib/contract/sessions";
import { streamJsonResponse } from "@/lib/server/http";
import { readEventPageQuery } from "@/lib/server/query";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

export const GET = withDatabaseErrors(async function GET(request: Request, { params }: Context) {
  const { id } = await params;
  const search = new URL(request.url).searchParams;
  if (search.has("limit")) {
    const query = readEventPageQuery(search);
    if (!query.ok) return respond(query);
    const page = readSessionDetailPage(getRuntime(), id, query.value);
    if (!page.ok) return respond(page);
    const { texts, ...fields } = page.value;
    return streamJsonResponse<SessionDetailPage, "events">(fields, "events", [texts][Symbol.iterator]());
  }
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

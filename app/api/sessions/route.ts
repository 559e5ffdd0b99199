import { createSessionWithMcp } from "@/lib/agent/mcp-sessions";
import { CreateSessionBody, type CreatedSession, type SessionList } from "@/lib/contract/sessions";
import { readJsonBody } from "@/lib/server/body";
import { errorResponse, jsonResponse } from "@/lib/server/http";
import { readSessionListQuery } from "@/lib/server/session-list-query";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** One page of sessions, newest first (docs/api.md, "Sessions"): one query, whatever the store's size. */
export const GET = withDatabaseErrors(function GET(request: Request) {
  const query = readSessionListQuery(new URL(request.url).searchParams);
  if (!query.ok) return errorResponse(400, query.error, { path: query.path });
  const page = getRuntime().store.pageSessions(query.value);
  if (!page)
    return errorResponse(400, "cursor is not one this server gave out: pass a page's nextCursor.", {
      path: "cursor",
    });
  return jsonResponse<SessionList>(page);
});

export const POST = withDatabaseErrors(async function POST(request: Request) {
  const body = await readJsonBody(request, CreateSessionBody);
  if (!body.ok) return body.response;
  return respond<CreatedSession>(await createSessionWithMcp(getRuntime(), body.value), 201);
});

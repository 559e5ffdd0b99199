import { readSessionMcp } from "@/lib/agent/mcp-sessions";
import type { McpSessionServers } from "@/lib/contract/mcp";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/** `GET /api/sessions/:id/mcp` (docs/api.md): the session's MCP servers, which run now, and their stderr. */
export const GET = withDatabaseErrors(async function GET(_request: Request, { params }: Context) {
  const { id } = await params;
  return respond<McpSessionServers>(readSessionMcp(getRuntime(), id));
});

import { trustSessionMcp } from "@/lib/agent/mcp-sessions";
import { McpTrustBody, type McpTrustReply } from "@/lib/contract/mcp";
import { readJsonBody } from "@/lib/server/body";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * `POST /api/sessions/:id/mcp/trust {}` (docs/api.md): a person trusts the MCP servers of an
 * imported or forked session; they start now and on every call after. `200 { trusted, connected, failed }`.
 */
export const POST = withDatabaseErrors(async function POST(request: Request, { params }: Context) {
  const { id } = await params;
  const body = await readJsonBody(request, McpTrustBody);
  if (!body.ok) return body.response;
  return respond<McpTrustReply>(await trustSessionMcp(getRuntime(), id));
});

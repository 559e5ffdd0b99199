import { trustSessionMcp } from "@/lib/agent/mcp-sessions";
import type { McpTrustReply } from "@/lib/contract/mcp";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ id: string }> };

/**
 * `POST /api/sessions/:id/mcp/trust` (docs/api.md): a person trusts the MCP servers of an
 * imported or forked session; they start now and on every call after. `200 { trusted, connected, failed }`.
 */
export async function POST(_request: Request, { params }: Context) {
  const { id } = await params;
  return respond<McpTrustReply>(await trustSessionMcp(getRuntime(), id));
}

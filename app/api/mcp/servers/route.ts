import type { McpOfferedServers } from "@/lib/contract/mcp";
import { jsonResponse } from "@/lib/server/http";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** `GET /api/mcp/servers`: the servers `TOOLSCOPE_MCP_CONFIG` offers every new session. */
export const GET = withDatabaseErrors(function GET() {
  return jsonResponse<McpOfferedServers>(getRuntime().offeredMcpServers());
});

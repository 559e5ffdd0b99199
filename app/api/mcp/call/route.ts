import { callServerTool } from "@/lib/agent/mcp-inspect";
import { McpCallBody, type McpCallReply } from "@/lib/contract/mcp";
import { readJsonBody } from "@/lib/server/body";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

/**
 * `POST /api/mcp/call { server, name, arguments?, timeoutMs? }` (docs/api.md): one tool called
 * directly, outside any session. `200` with the raw result, the normalized one and the JSON-RPC
 * messages of the call; `502` when the server cannot start; `400` for an unknown tool name.
 */
export async function POST(request: Request) {
  const body = await readJsonBody(request, McpCallBody);
  if (!body.ok) return body.response;
  return respond<McpCallReply>(await callServerTool(body.value));
}

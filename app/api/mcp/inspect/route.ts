import { inspectServer } from "@/lib/agent/mcp-inspect";
import { InspectBody, type InspectReply } from "@/lib/contract/mcp";
import { readJsonBody } from "@/lib/server/body";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

/**
 * `POST /api/mcp/inspect { server }` (docs/api.md, "MCP tool sources"): connect, list, disconnect.
 * `200` with the server's info and every tool (metadata, lint); `502 { error, stderr? }` when it
 * cannot start or connect; `400` naming the field of a bad entry.
 */
export async function POST(request: Request) {
  const body = await readJsonBody(request, InspectBody);
  if (!body.ok) return body.response;
  return respond<InspectReply>(await inspectServer(body.value));
}

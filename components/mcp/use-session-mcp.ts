import { useMutation } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import type { McpServers, McpTrustReply } from "@/lib/contract/mcp";
import type { ConfiguredSession } from "@/lib/contract/sessions";

const sessionUrl = (sessionId: string) => `/api/sessions/${encodeURIComponent(sessionId)}`;

/**
 * `PATCH /api/sessions/:id { mcpServers }` with the whole map: the server records a
 * `session.configured` (the tools list follows from the log). `409` while a run is live, `400`
 * naming the field: both arrive as `ApiError`.
 */
export function useSaveMcpServers(sessionId: string) {
  return useMutation({
    mutationFn: (mcpServers: McpServers) =>
      requestJson<ConfiguredSession>(sessionUrl(sessionId), { method: "PATCH", body: { mcpServers } }),
  });
}

/** `POST /api/sessions/:id/mcp/trust`: a person trusts an imported session's servers, which may then start. */
export function useTrustMcpServers(sessionId: string) {
  return useMutation({
    mutationFn: () =>
      requestJson<McpTrustReply>(`${sessionUrl(sessionId)}/mcp/trust`, { method: "POST", body: {} }),
  });
}

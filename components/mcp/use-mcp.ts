import { useMutation } from "@tanstack/react-query";
import { isApiError, requestJson } from "@/components/data/api";
import type { InspectReply, McpCallBody } from "@/lib/contract/mcp";
import type { McpServerConfig } from "@/lib/trace/config";

/** `POST /api/mcp/inspect`: connects to the server, lists its tools, disconnects. */
export function useInspectServer() {
  return useMutation({
    mutationFn: (server: McpServerConfig) =>
      requestJson<InspectReply>("/api/mcp/inspect", { method: "POST", body: { server } }),
  });
}

/** `POST /api/mcp/call`: one tool of the server, called directly with the arguments given. */
export function useCallMcpTool() {
  return useMutation({
    mutationFn: (body: McpCallBody) => requestJson<unknown>("/api/mcp/call", { method: "POST", body }),
  });
}

/** The server's stderr a `502` carries, when it carries one. */
export function readFailureStderr(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const body = error.body as { stderr?: unknown } | null;
  return typeof body?.stderr === "string" && body.stderr !== "" ? body.stderr : null;
}

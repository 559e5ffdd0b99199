import { useMutation } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import type { ReplayReply } from "@/lib/contract/replay";
import type { ToolDefinition } from "@/lib/trace/config";

export type { ReplayReply } from "@/lib/contract/replay";

/**
 * The body of a replay: edited arguments, the definition to use instead of the session's (the
 * Tools pane's draft) and, for a call that needs approval, the decision.
 */
export interface ReplayRequest {
  arguments?: unknown;
  tool?: ToolDefinition;
  decision?: { decision: "approve" | "deny" };
}

/** The replay route of one call. */
export function replayUrl(sessionId: string, callId: string): string {
  return `/api/sessions/${encodeURIComponent(sessionId)}/calls/${encodeURIComponent(callId)}/replay`;
}

/**
 * `POST .../calls/:callId/replay`: runs the call through the pipeline again. The server records a
 * `call.replayed` event, which reaches the cached log over the event stream like any other.
 */
export function useReplayCall(sessionId: string, callId: string) {
  return useMutation({
    mutationFn: (body: ReplayRequest) =>
      requestJson<ReplayReply>(replayUrl(sessionId, callId), { method: "POST", body }),
  });
}

import { useMutation } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import type { ToolDefinition } from "@/lib/trace/config";
import type { WorkspaceChange } from "@/lib/trace/events";
import type { OriginalResult } from "./replay-source";

/** One pipeline stage of a replay, as the server reports it. */
export interface ReplayStage {
  stage: string;
  status: string;
  detail?: string;
  ms: number;
}

/** `200` of `POST /api/sessions/:id/calls/:callId/replay`. */
export interface ReplayReply {
  stages: ReplayStage[];
  result: OriginalResult;
  /** What the call changed in the replay's own throwaway workspace. */
  changes: WorkspaceChange[];
}

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

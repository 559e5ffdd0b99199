import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "next/navigation";
import { requestJson } from "@/components/data/api";
import { sessionKey, sessionsKey, type SessionDetail } from "@/components/data/types";
import type { ProviderConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { mapMessageForkSeqs } from "@/lib/trace/fork-points";

/** The edits a fork may carry, as `POST /api/sessions/:id/fork` takes them (the dialog sends two). */
export interface ForkRequest {
  at: number;
  edits?: { system?: string; provider?: ProviderConfig };
}

const forkSeqsByLog = new WeakMap<readonly TraceEvent[], (number | null)[]>();

/** The fork seq per message index for one cached log, computed once per log array. */
export function readForkSeqs(events: readonly TraceEvent[]): (number | null)[] {
  let seqs = forkSeqsByLog.get(events);
  if (!seqs) {
    seqs = mapMessageForkSeqs(events);
    forkSeqsByLog.set(events, seqs);
  }
  return seqs;
}

/** The id of the session the page shows (`/sessions/:id`), or "" elsewhere. */
export function useRouteSessionId(): string {
  const params = useParams<{ id?: string | string[] }>();
  const id = params?.id;
  return typeof id === "string" ? id : "";
}

/**
 * A slice of the cached session (`GET /api/sessions/:id`, shared with the debugger's query, so
 * it never fetches twice). The component re-renders only when the selected value changes.
 */
export function useSessionSlice<T>(id: string, select: (data: SessionDetail) => T) {
  return useQuery({
    queryKey: sessionKey(id),
    queryFn: () => requestJson<SessionDetail>(`/api/sessions/${encodeURIComponent(id)}`),
    staleTime: Infinity,
    enabled: id !== "",
    select,
  });
}

/** `POST /api/sessions/:id/fork` → the child's id; refreshes the sessions list on success. */
export function useForkSession(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ForkRequest) =>
      requestJson<{ id: string }>(`/api/sessions/${encodeURIComponent(id)}/fork`, { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

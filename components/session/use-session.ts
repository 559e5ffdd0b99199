import { useMutation, useQuery } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import { sessionKey } from "@/components/data/query-keys";
import type { SessionDetail, StartedRun } from "@/lib/contract/sessions";

const sessionUrl = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

/**
 * `GET /api/sessions/:id`: the session and its log. Loaded once; from then on the event stream
 * (`useLiveEvents`) appends to this same cache entry, so it is never refetched behind its back.
 */
export function useSession(id: string) {
  return useQuery({
    queryKey: sessionKey(id),
    queryFn: () => requestJson<SessionDetail>(sessionUrl(id)),
    staleTime: Infinity,
  });
}

/** `POST /api/sessions/:id/messages { text }` → 202 `{ runId }`; the run's events arrive over SSE. */
export function useSendMessage(id: string) {
  return useMutation({
    mutationFn: (text: string) =>
      requestJson<StartedRun>(`${sessionUrl(id)}/messages`, { method: "POST", body: { text } }),
  });
}

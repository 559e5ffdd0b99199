import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import { sessionKey, sessionsKey } from "@/components/data/query-keys";
import type { CreatedSession, SessionList, SessionSummary } from "@/lib/contract/sessions";
import type { ProviderConfig } from "@/lib/trace/config";

/** `GET /api/sessions`. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await requestJson<SessionList>("/api/sessions")).sessions,
  });
}

/** `POST /api/sessions { title?, provider? }` → the new id. */
export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title?: string; provider?: ProviderConfig }) =>
      requestJson<CreatedSession>("/api/sessions", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

/** `DELETE /api/sessions/:id`, then drops it from the cache. */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      requestJson<void>(`/api/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<SessionSummary[]>(sessionsKey, (old) => old?.filter((s) => s.id !== id));
      queryClient.removeQueries({ queryKey: sessionKey(id) });
      return queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

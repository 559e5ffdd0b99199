import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { requestJson } from "@/components/data/api";
import { loadSession, type LoadProgress } from "@/components/data/load-session";
import { sessionKey } from "@/components/data/query-keys";
import type { StartedRun } from "@/lib/contract/sessions";

const sessionUrl = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

/**
 * The session and its log, read in pages (`loadSession`), with how much of a long log has
 * arrived while it loads. Loaded once; from then on the event stream (`useLiveEvents`) appends
 * to this same cache entry, so it is never refetched behind its back.
 */
export function useSession(id: string) {
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const query = useQuery({
    queryKey: sessionKey(id),
    queryFn: () => loadSession(id, setProgress),
    staleTime: Infinity,
  });
  return { query, progress };
}

/** `POST /api/sessions/:id/messages { text }` → 202 `{ runId }`; the run's events arrive over SSE. */
export function useSendMessage(id: string) {
  return useMutation({
    mutationFn: (text: string) =>
      requestJson<StartedRun>(`${sessionUrl(id)}/messages`, { method: "POST", body: { text } }),
  });
}

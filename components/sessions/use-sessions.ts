import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import { sessionKey, sessionsKey } from "@/components/data/query-keys";
import type { CreatedSession, SessionList, SessionSummary } from "@/lib/contract/sessions";
import type { McpServers } from "@/lib/contract/mcp";
import type { ProviderConfig } from "@/lib/trace/config";

/** How many sessions one page of the list asks for. */
export const SESSION_PAGE_SIZE = 100;

/** `GET /api/sessions?limit=&cursor=`: the newest page first, older pages as the person asks for them. */
export function useSessions() {
  const query = useInfiniteQuery({
    queryKey: sessionsKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      requestJson<SessionList>(
        `/api/sessions?limit=${SESSION_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ""}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? null,
  });
  const sessions = query.data?.pages.flatMap((page) => page.sessions);
  return { ...query, sessions };
}

/** `POST /api/sessions { title?, provider?, mcpServers? }` → the new id. */
export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      title?: string;
      provider?: ProviderConfig;
      tools?: never[];
      mcpServers?: McpServers;
    }) => requestJson<CreatedSession>("/api/sessions", { method: "POST", body }),
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
      queryClient.setQueryData<InfiniteData<SessionList, string | null>>(sessionsKey, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({ ...page, sessions: dropSession(page.sessions, id) })),
            }
          : old,
      );
      queryClient.removeQueries({ queryKey: sessionKey(id) });
      return queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

function dropSession(sessions: readonly SessionSummary[], id: string): SessionSummary[] {
  return sessions.filter((session) => session.id !== id);
}

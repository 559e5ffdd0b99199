import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import { sessionKey, sessionsKey } from "@/components/data/query-keys";
import type { CreatedSession, SessionList, SessionSummary } from "@/lib/contract/sessions";
import type { McpServers } from "@/lib/contract/mcp";
import type { ProviderConfig } from "@/lib/trace/config";

/** How many sessions one page of the list asks for. */
export const SESSION_PAGE_SIZE = 100;

/** Where a session's events come from, as `GET /api/sessions?source=` filters them. */
export type SessionSource = SessionSummary["source"];
export const SESSION_SOURCES: readonly SessionSource[] = ["run", "capture", "import"];

/**
 * How often the list is refetched: captured traffic arrives without this page doing anything (a
 * client starts a session or sends its next request), so the list polls — briskly while a
 * session is running, slowly otherwise.
 */
export const LIVE_POLL_MS = 2_000;
export const IDLE_POLL_MS = 10_000;

export function choosePollInterval(sessions: readonly SessionSummary[] | undefined): number {
  return sessions?.some((session) => session.status === "running") ? LIVE_POLL_MS : IDLE_POLL_MS;
}

/** The list's query string: a page of `limit`, after `cursor`, of one `source` or all. */
export function buildListQuery(source: SessionSource | null, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(SESSION_PAGE_SIZE) });
  if (cursor) params.set("cursor", cursor);
  if (source) params.set("source", source);
  return `/api/sessions?${params.toString()}`;
}

/** `GET /api/sessions?limit=&cursor=&source=`: the newest page first, older pages as the person asks for them. */
export function useSessions(source: SessionSource | null = null) {
  const query = useInfiniteQuery({
    queryKey: [...sessionsKey, source ?? "all"],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => requestJson<SessionList>(buildListQuery(source, pageParam)),
    getNextPageParam: (last) => last.nextCursor ?? null,
    refetchInterval: (current) =>
      choosePollInterval(current.state.data?.pages.flatMap((page) => page.sessions)),
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
      queryClient.setQueriesData<InfiniteData<SessionList, string | null>>(
        { queryKey: sessionsKey },
        (old) =>
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

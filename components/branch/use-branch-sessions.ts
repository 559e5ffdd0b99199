import { useQuery } from "@tanstack/react-query";
import { requestJson } from "@/components/data/api";
import type { SessionDetail } from "@/lib/contract/sessions";

/**
 * `GET /api/sessions/:id` for the branch view, fetched fresh on every visit (its own cache key:
 * the debugger's entry is kept live only while the debugger is open, so it may be behind).
 * `id === null` fetches nothing.
 */
export function useBranchSession(id: string | null) {
  return useQuery({
    queryKey: ["branch", id] as const,
    queryFn: () => requestJson<SessionDetail>(`/api/sessions/${encodeURIComponent(id ?? "")}`),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** Which session goes left and which right, and the fork point when one is the other's fork. */
export interface BranchSides {
  left: SessionDetail;
  right: SessionDetail;
  /** The fork's `forkSeq` when one side is the other's direct fork, else undefined. */
  forkSeq: number | undefined;
}

/**
 * Orders the two sessions: a parent goes left of its fork (the original first, as a diff
 * reads); otherwise the page's session is left and the one it is compared with right.
 */
export function orderBranchSides(page: SessionDetail, other: SessionDetail): BranchSides {
  if (page.session.parentId === other.session.id)
    return { left: other, right: page, forkSeq: page.session.forkSeq };
  if (other.session.parentId === page.session.id)
    return { left: page, right: other, forkSeq: other.session.forkSeq };
  return { left: page, right: other, forkSeq: undefined };
}

"use client";

import { NotFoundState } from "@/components/common/not-found-state";
import { ErrorState, LoadingState } from "@/components/common/query-states";
import { isApiError } from "@/components/data/api";
import { DebuggerScreen } from "./debugger-screen";
import { LogLoadingState } from "./log-loading-state";
import { useLiveEvents } from "./use-live-events";
import { useSession } from "./use-session";
import "./session.css";

/**
 * `/sessions/:id`: loads the session and keeps its log live, then shows the debugger. Everything
 * shown is projected from the cached event log; nothing is copied into local state.
 */
export function SessionScreen({ id, initialSeq = null }: { id: string; initialSeq?: number | null }) {
  const { query, progress } = useSession(id);
  const live = useLiveEvents(id, query.isSuccess);

  if (query.isPending) return progress ? <LogLoadingState {...progress} /> : <LoadingState />;
  if (isApiError(query.error, 404)) return <NotFoundState sessionId={id} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return <DebuggerScreen data={query.data} live={live} initialSeq={initialSeq} />;
}

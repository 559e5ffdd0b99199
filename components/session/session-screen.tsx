"use client";

import { useMemo } from "react";
import { NotFoundState } from "@/components/common/not-found-state";
import { ErrorState, LoadingState } from "@/components/common/query-states";
import { isApiError } from "@/components/data/api";
import { deriveStreamingMessage } from "@/components/transcript/streaming-message";
import { TranscriptView } from "@/components/transcript/transcript-view";
import { deriveStatus } from "@/lib/trace/status";
import { projectTranscript } from "@/lib/trace/transcript";
import { MessageBox } from "./message-box";
import { SessionHeader } from "./session-header";
import { useLiveEvents } from "./use-live-events";
import { useSession } from "./use-session";
import "./session.css";

/**
 * `/sessions/:id`: the session's title and status, its live transcript and the message box.
 * Everything shown is projected from the cached event log; nothing is copied into local state.
 */
export function SessionScreen({ id }: { id: string }) {
  const query = useSession(id);
  const live = useLiveEvents(id, query.isSuccess);
  const events = query.data?.events;
  const transcript = useMemo(() => (events ? projectTranscript(events) : null), [events]);
  const status = useMemo(() => (events ? deriveStatus(events) : "idle"), [events]);
  const streaming = useMemo(() => (events ? deriveStreamingMessage(events) : null), [events]);

  if (query.isPending) return <LoadingState />;
  if (isApiError(query.error, 404)) return <NotFoundState sessionId={id} />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className="page session-page">
      <SessionHeader
        session={query.data.session}
        status={status}
        eventCount={query.data.events.length}
        live={live}
      />
      <TranscriptView messages={transcript?.messages ?? []} streaming={streaming} />
      <MessageBox sessionId={id} status={status} />
    </div>
  );
}

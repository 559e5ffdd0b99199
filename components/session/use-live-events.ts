import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { mergeEvents, parseEventData } from "@/components/data/merge-events";
import { sessionKey } from "@/components/data/query-keys";
import type { SessionDetail } from "@/lib/contract/sessions";
import type { TraceEvent } from "@/lib/trace/events";

/** `reconnecting`: the stream was open and dropped (the server restarted or the network went). */
export type LiveState = "connecting" | "live" | "reconnecting" | "closed";

/** Events that arrive together (a fast stream sends hundreds a second) are merged in one update. */
const FLUSH_DELAY_MS = 30;

/**
 * Once the session is loaded, opens one `EventSource` on its event stream, starting after the
 * last seq loaded, and merges every event into the `["session", id]` cache entry. EventSource
 * reconnects by itself with `Last-Event-ID`; a refused stream (401, 404) ends in `closed`.
 */
export function useLiveEvents(id: string, loaded: boolean): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>("connecting");

  useEffect(() => {
    if (!loaded) return;
    const key = sessionKey(id);
    const lastSeq = queryClient.getQueryData<SessionDetail>(key)?.events.at(-1)?.seq;
    const query = lastSeq === undefined ? "" : `?after=${lastSeq}`;
    const source = new EventSource(`/api/sessions/${encodeURIComponent(id)}/events${query}`);
    let pending: TraceEvent[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;

    const flush = () => {
      timer = null;
      const incoming = pending;
      pending = [];
      queryClient.setQueryData<SessionDetail>(key, (old) =>
        old ? { ...old, events: mergeEvents(old.events, incoming) } : old,
      );
    };

    source.onopen = () => setState("live");
    source.onmessage = (message: MessageEvent<string>) => {
      const event = parseEventData(message.data);
      if (!event) {
        console.warn("Toolscope: ignored a stream message that is not an event", message.data);
        return;
      }
      pending.push(event);
      timer ??= setTimeout(flush, FLUSH_DELAY_MS);
    };
    source.onerror = () =>
      setState((previous) =>
        source.readyState === EventSource.CLOSED
          ? "closed"
          : previous === "live" || previous === "reconnecting"
            ? "reconnecting"
            : "connecting",
      );

    return () => {
      source.close();
      if (timer !== null) clearTimeout(timer);
      if (pending.length > 0) flush();
    };
  }, [id, loaded, queryClient]);

  return state;
}

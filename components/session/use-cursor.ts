import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { TraceEvent } from "@/lib/trace/events";

/** The URL follows the cursor at most this often (a drag or a Play is a few updates, not fifty). */
const URL_DELAY_MS = 250;

export interface Cursor {
  /** The seq every pane shows the log up to. */
  seq: number;
  /** At the end of the log, following new events. */
  live: boolean;
  /** Moves the cursor; the last event's seq (or beyond) means live. */
  seek: (seq: number) => void;
  goLive: () => void;
}

/**
 * The timeline cursor: `null` in state means live (at the end, following new events); otherwise
 * a pinned seq that new events do not move. The URL holds `?seq=N` while pinned (docs/api.md:
 * `/sessions/:id?seq=N`), replaced rather than pushed, so a reload or a shared link opens the
 * same moment without filling the history. It is the browser's own `history.replaceState` (which
 * Next.js's router follows): `router.replace` would ask the server to render the page again for
 * every move of the cursor, in the middle of the jump the person is waiting on.
 */
export function useCursor(events: readonly TraceEvent[], initialSeq: number | null): Cursor {
  const lastSeq = events.at(-1)?.seq ?? 0;
  const [pinned, setPinned] = useState<number | null>(() =>
    initialSeq !== null && initialSeq < lastSeq ? Math.max(0, initialSeq) : null,
  );
  const pathname = usePathname();
  const firstRun = useRef(true);
  /** Only the first render's `?seq` matters: later ones echo what this hook put in the URL. */
  const [openedAt] = useState(initialSeq);

  // Throttled, not debounced: during Play the cursor moves many times a second, and the URL
  // follows it every URL_DELAY_MS instead of waiting for the playback to stop.
  const latest = useRef(pinned);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = pinned;
    if (firstRun.current) {
      firstRun.current = false;
      if ((pinned === null) === (openedAt === null)) return;
    }
    if (pending.current !== null) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      const seq = latest.current;
      window.history.replaceState(null, "", seq === null ? pathname : `${pathname}?seq=${seq}`);
    }, URL_DELAY_MS);
  }, [pinned, pathname, openedAt]);
  useEffect(
    () => () => {
      if (pending.current !== null) clearTimeout(pending.current);
    },
    [],
  );

  const seek = useCallback((seq: number) => setPinned(seq >= lastSeq ? null : Math.max(0, seq)), [lastSeq]);
  const goLive = useCallback(() => setPinned(null), []);
  return { seq: pinned ?? lastSeq, live: pinned === null, seek, goLive };
}

import { usePathname, useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { TraceEvent } from "@/lib/trace/events";

/** The URL follows the cursor this long after it stops moving (a drag is one update, not fifty). */
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
 * same moment without filling the history.
 */
export function useCursor(events: readonly TraceEvent[], initialSeq: number | null): Cursor {
  const lastSeq = events.at(-1)?.seq ?? 0;
  const [pinned, setPinned] = useState<number | null>(() =>
    initialSeq !== null && initialSeq < lastSeq ? Math.max(0, initialSeq) : null,
  );
  const router = useRouter();
  const pathname = usePathname();
  const firstRun = useRef(true);
  /** Only the first render's `?seq` matters: later ones echo what this hook put in the URL. */
  const [openedAt] = useState(initialSeq);

  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      if ((pinned === null) === (openedAt === null)) return;
    }
    const timer = setTimeout(() => {
      router.replace(pinned === null ? pathname : `${pathname}?seq=${pinned}`, { scroll: false });
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pinned, pathname, router, openedAt]);

  const seek = useCallback((seq: number) => setPinned(seq >= lastSeq ? null : Math.max(0, seq)), [lastSeq]);
  const goLive = useCallback(() => setPinned(null), []);
  return { seq: pinned ?? lastSeq, live: pinned === null, seek, goLive };
}

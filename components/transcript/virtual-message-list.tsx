"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import { MessageCard } from "./message-card";
import type { PairingIndex } from "./pairing";
import { ScrollToMessageContext } from "./scroll-to-message";

/** A transcript longer than this draws only the messages in view (a 10,000-event log has hundreds). */
export const VIRTUAL_THRESHOLD = 60;

/** A first guess at a message's height, in pixels; each is measured once drawn. */
const ESTIMATED_HEIGHT = 240;
/** How close (px) to its end a scrolled transcript counts as following it. */
const FOLLOW_SLACK = 48;

interface VirtualMessageListProps {
  messages: readonly UnifiedMessage[];
  streaming: UnifiedMessage | null;
  pairing: PairingIndex;
}

/** The nearest ancestor that scrolls vertically (the pane), or `null`. */
function findScrollParent(element: HTMLElement | null): HTMLElement | null {
  for (let node = element?.parentElement ?? null; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === "auto" || overflowY === "scroll") return node;
  }
  return null;
}

/**
 * The message list of a long transcript: only the messages in (or near) view are in the DOM,
 * each measured as drawn, inside a box as tall as the whole list, in the pane's own scroll,
 * which follows the transcript's end (the cursor's moment) whenever it moves.
 */
export function VirtualMessageList({ messages, streaming, pairing }: VirtualMessageListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  const count = messages.length + (streaming ? 1 : 0);

  useLayoutEffect(() => {
    const parent = findScrollParent(listRef.current);
    setScroller(parent);
    if (parent && listRef.current) {
      const offset = listRef.current.getBoundingClientRect().top - parent.getBoundingClientRect().top;
      setMargin(offset + parent.scrollTop);
    }
  }, []);

  // TanStack Virtual returns fresh functions each render by design; nothing here memoizes them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller,
    estimateSize: () => ESTIMATED_HEIGHT,
    overscan: 3,
    // Until the pane is measured, draw what a tall pane would show.
    initialRect: { width: 800, height: 1200 },
    scrollMargin: margin,
  });
  // The transcript ends at the timeline's cursor: when a jump (or a new message) changes where it
  // ends, the end is brought into view, as a short transcript shows it without scrolling — unless
  // the person scrolled up to read, and the change only added messages (a live run going on).
  const following = useRef({ atEnd: true, count: 0 });
  useEffect(() => {
    if (!scroller) return;
    const onScroll = () => {
      following.current.atEnd =
        scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < FOLLOW_SLACK;
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => scroller.removeEventListener("scroll", onScroll);
  }, [scroller]);
  useLayoutEffect(() => {
    const seen = following.current;
    const shrank = count < seen.count;
    seen.count = count;
    if (scroller && count > 0 && (seen.atEnd || shrank))
      virtualizer.scrollToIndex(count - 1, { align: "end" });
  }, [scroller, count, virtualizer]);
  const scrollToMessage = useCallback(
    (number: number) => virtualizer.scrollToIndex(number - 1, { align: "center" }),
    [virtualizer],
  );

  return (
    <ScrollToMessageContext.Provider value={scrollToMessage}>
      <ol
        ref={listRef}
        className="message-list is-virtual"
        data-count={count}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const isStreaming = item.index === messages.length;
          const message = isStreaming ? streaming : messages[item.index];
          if (!message) return null;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ transform: `translateY(${item.start - margin}px)` }}
            >
              <MessageCard
                message={message}
                number={item.index + 1}
                pairing={pairing}
                streaming={isStreaming}
              />
            </li>
          );
        })}
      </ol>
    </ScrollToMessageContext.Provider>
  );
}

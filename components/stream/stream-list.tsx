"use client";

import { useVirtualizer } from "@tanstack/react-virtual";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import type { StreamRow } from "@/lib/trace/stream-view";

const ROW_HEIGHT = 24;
/** How many rows PageUp and PageDown move. */
const PAGE = 10;

interface StreamListProps {
  rows: readonly StreamRow[];
  /** The active row's position in the turn (not in `rows`, which may be filtered). */
  activePosition: number | null;
  /** The person picked the active row (otherwise it follows the newest row, scrolled into view). */
  pinned: boolean;
  onSelect: (position: number) => void;
  /** The wire event the run is paused at, marked. */
  highlightSeq: number | null;
}

/**
 * The turn's wire events in a virtualized listbox (only the rows in view are in the DOM). Click a
 * row, or focus the list and use the arrows, PageUp/PageDown, Home and End.
 */
export function StreamList({ rows, activePosition, pinned, onSelect, highlightSeq }: StreamListProps) {
  const t = useTranslations("Stream");
  const scrollRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  // TanStack Virtual returns fresh functions each render by design; nothing here memoizes them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const activeIndex = activePosition === null ? -1 : rows.findIndex((row) => row.position === activePosition);

  useEffect(() => {
    if (!pinned && rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: "end" });
  }, [pinned, rows.length, virtualizer]);

  function move(index: number) {
    if (rows.length === 0) return;
    const target = Math.max(0, Math.min(rows.length - 1, index));
    onSelect(rows[target]!.position);
    virtualizer.scrollToIndex(target, { align: "auto" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = activeIndex < 0 ? rows.length - 1 : activeIndex;
    const moves: Record<string, number> = {
      ArrowDown: from + 1,
      ArrowUp: from - 1,
      PageDown: from + PAGE,
      PageUp: from - PAGE,
      Home: 0,
      End: rows.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(target);
  }

  return (
    <div className="stream-table">
      <div className="stream-row stream-head" aria-hidden="true">
        <span>#</span>
        <span>{t("column.event")}</span>
        <span>{t("column.block")}</span>
        <span>{t("column.delta")}</span>
        <span>{t("column.payload")}</span>
      </div>
      <div
        ref={scrollRef}
        className="stream-list"
        role="listbox"
        tabIndex={0}
        aria-label={t("listLabel")}
        aria-activedescendant={activeIndex >= 0 ? `${idPrefix}-${rows[activeIndex]!.position}` : undefined}
        data-testid="stream-list"
        onKeyDown={onKeyDown}
      >
        {rows.length === 0 ? <p className="empty">{t("empty")}</p> : null}
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const classes = ["stream-row"];
            if (item.index === activeIndex) classes.push("is-active");
            if (row.seq === highlightSeq) classes.push("is-paused-here");
            return (
              <div
                key={row.seq}
                id={`${idPrefix}-${row.position}`}
                role="option"
                aria-selected={item.index === activeIndex}
                className={classes.join(" ")}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                data-testid="stream-row"
                data-event={row.type}
                data-delta-type={row.deltaType ?? undefined}
                data-seq={row.seq}
                data-position={row.position}
                onClick={() => onSelect(row.position)}
              >
                <span className="muted">{row.attempt > 1 ? `${row.attempt}·${row.index}` : row.index}</span>
                <span className="stream-event">{row.type}</span>
                <span>{row.blockIndex ?? ""}</span>
                <span>{row.deltaType ?? ""}</span>
                <span className="stream-preview" title={row.data}>
                  {row.preview}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

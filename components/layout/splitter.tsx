"use client";

import type { KeyboardEvent, PointerEvent, RefObject } from "react";

/** How far one arrow key moves a splitter (a fraction of its container); Shift moves 5× as far. */
const STEP = 0.02;

interface SplitterProps {
  /** `vertical`: a vertical bar between columns (resizes widths); `horizontal`: between rows. */
  orientation: "vertical" | "horizontal";
  /** What it resizes, for screen readers ("Resize the transcript pane"). */
  label: string;
  /** The size it controls, as a fraction 0..1 (announced as a percentage). */
  value: number;
  min: number;
  max: number;
  /** The element whose box the pointer position is measured against. */
  containerRef: RefObject<HTMLElement | null>;
  /** The pointer's position along the axis, as a fraction of the container (0 = left or top). */
  onPosition: (fraction: number) => void;
  /** A keyboard move: + is right or down, − is left or up, as a fraction of the container. */
  onStep: (delta: number) => void;
  testId?: string;
}

/**
 * A resize handle between two panes (WAI-ARIA window splitter): drag it with a pointer, or
 * focus it and use the arrow keys (Shift for bigger steps, Home and End for the limits).
 */
export function Splitter({
  orientation,
  label,
  value,
  min,
  max,
  containerRef,
  onPosition,
  onStep,
  testId,
}: SplitterProps) {
  const vertical = orientation === "vertical";

  function measurePosition(event: PointerEvent<HTMLDivElement>): number | null {
    const box = containerRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return vertical ? (event.clientX - box.left) / box.width : (event.clientY - box.top) / box.height;
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!event.currentTarget.hasPointerCapture(event.pointerId)) return;
    const fraction = measurePosition(event);
    if (fraction !== null) onPosition(fraction);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? STEP * 5 : STEP;
    const back = vertical ? "ArrowLeft" : "ArrowUp";
    const forward = vertical ? "ArrowRight" : "ArrowDown";
    if (event.key === back) onStep(-step);
    else if (event.key === forward) onStep(step);
    else if (event.key === "Home") onStep(-1);
    else if (event.key === "End") onStep(1);
    else return;
    event.preventDefault();
  }

  return (
    <div
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={orientation}
      aria-valuenow={Math.round(value * 100)}
      aria-valuemin={Math.round(min * 100)}
      aria-valuemax={Math.round(max * 100)}
      className={`splitter splitter-${orientation}`}
      data-testid={testId}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
    />
  );
}

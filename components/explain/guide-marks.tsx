"use client";

import { useEffect, useMemo, useState } from "react";
import type { TraceEvent } from "@/lib/trace/events";
import { createRunGraphProjector } from "@/lib/trace/graph/projector";
import { describeHighlight, type StepHighlight } from "./step-highlight";

const NOTHING: StepHighlight = Object.freeze({
  nodeIds: [],
  streamSeq: null,
  callId: null,
  blockType: null,
});

/**
 * What the step's event shows as, in every pane: its graph nodes (as of the event), its stream
 * row, its call's tool_use block. Nothing while the event is not in the log.
 */
export function useStepHighlight(
  events: readonly TraceEvent[],
  seq: number | null,
  target: string,
): StepHighlight {
  const [projector] = useState(() => createRunGraphProjector());
  return useMemo(() => {
    const event = seq === null ? undefined : events.find((candidate) => candidate.seq === seq);
    if (!event) return NOTHING;
    return describeHighlight(projector.project(events, event.seq).nodes, event, target);
  }, [projector, events, seq, target]);
}

/** Scrolls each marked element that is rendered into view in its own pane (the graph fits itself). */
export function revealMarks(selectors: readonly string[]) {
  for (const selector of selectors) {
    if (selector.startsWith(".graph-node")) continue;
    document.querySelector(selector)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}

/** One rule per place; a stream row clips its outline, so its mark sits inside the row. */
function buildRule(selector: string): string {
  const offset = selector.startsWith(".stream-row") ? "-3px" : "3px";
  return `${selector} { outline: 3px solid var(--guide-mark); outline-offset: ${offset}; animation: guide-mark 1.2s ease-out 2; }`;
}

/**
 * Marks the step's places with style rules on the panes' own `data-*` attributes: no pane knows
 * about lessons, and a node React Flow renders later is marked as soon as it appears. Each new
 * set of places is scrolled into view once.
 */
export function GuideMarks({ selectors }: { selectors: readonly string[] }) {
  const key = JSON.stringify(selectors);
  useEffect(() => {
    const frame = requestAnimationFrame(() => revealMarks(JSON.parse(key) as string[]));
    return () => cancelAnimationFrame(frame);
  }, [key]);
  if (selectors.length === 0) return null;
  const still = `@media (prefers-reduced-motion: reduce) { ${selectors.join(", ")} { animation: none; } }`;
  return <style data-testid="guide-marks">{[...selectors.map(buildRule), still].join("\n")}</style>;
}

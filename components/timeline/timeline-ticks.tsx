import { memo } from "react";
import type { TraceEvent } from "@/lib/trace/events";
import { classifyEvent, TICK_CATEGORIES, type TickCategory } from "./tick-kind";

/**
 * Every event as a 1px tick, one SVG path per colour group (a 10,000-event log is ten paths,
 * not ten thousand elements). The x axis is the event's position in the log.
 */
export const TimelineTicks = memo(function TimelineTicks({ events }: { events: readonly TraceEvent[] }) {
  const paths = new Map<TickCategory, string[]>();
  events.forEach((event, index) => {
    const category = classifyEvent(event.kind);
    const list = paths.get(category) ?? [];
    list.push(`M${index + 0.5} 0V1`);
    paths.set(category, list);
  });
  const width = Math.max(1, events.length);
  return (
    <svg className="timeline-ticks" viewBox={`0 0 ${width} 1`} preserveAspectRatio="none" aria-hidden="true">
      {TICK_CATEGORIES.map((category) => {
        const d = paths.get(category);
        return d ? <path key={category} className={`tick tick-${category}`} d={d.join("")} /> : null;
      })}
    </svg>
  );
});

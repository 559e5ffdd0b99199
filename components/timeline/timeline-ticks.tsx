import { memo } from "react";
import type { TraceEvent } from "@/lib/trace/events";
import { TICK_CATEGORIES } from "./tick-kind";
import { buildTickPaths } from "./tick-paths";

/**
 * Every event as a 1px tick, one SVG path per colour group (a 10,000-event log is ten paths,
 * not ten thousand elements). The x axis is the event's position in the log (in columns, for a
 * very long one: tick-paths.ts).
 */
export const TimelineTicks = memo(function TimelineTicks({ events }: { events: readonly TraceEvent[] }) {
  const { width, paths } = buildTickPaths(events.map((event) => event.kind));
  return (
    <svg className="timeline-ticks" viewBox={`0 0 ${width} 1`} preserveAspectRatio="none" aria-hidden="true">
      {TICK_CATEGORIES.map((category) => {
        const d = paths.get(category);
        return d ? <path key={category} className={`tick tick-${category}`} d={d} /> : null;
      })}
    </svg>
  );
});

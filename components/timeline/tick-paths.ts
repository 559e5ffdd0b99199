import type { EventKind } from "@/lib/trace/events";
import { classifyEvent, type TickCategory } from "./tick-kind";

/**
 * Past this many events the ticks are drawn per column of this many, not per event: a tick is a
 * 1px line, so on any track narrower than half this many pixels the columns look the same, and a
 * 100,000-event log's path holds thousands of segments, not a hundred thousand (each parsed and
 * drawn again whenever the timeline repaints).
 */
export const TICK_COLUMNS = 4096;

/** The ticks as one SVG path per colour group, on an x axis `width` wide (a viewBox's). */
export interface TickPaths {
  width: number;
  paths: Map<TickCategory, string>;
}

/**
 * Every event's tick at its position in the log (`M{x} 0V1`, x = index + 0.5); a log longer than
 * `columns` events maps them onto `columns` columns, one tick per colour and column.
 */
export function buildTickPaths(kinds: readonly EventKind[], columns = TICK_COLUMNS): TickPaths {
  const count = kinds.length;
  const bucketed = count > columns;
  const width = bucketed ? columns : Math.max(1, count);
  const lists = new Map<TickCategory, string[]>();
  const lastColumn = new Map<TickCategory, number>();
  for (let index = 0; index < count; index++) {
    const category = classifyEvent(kinds[index]!);
    const column = bucketed ? Math.floor((index * columns) / count) : index;
    if (lastColumn.get(category) === column) continue;
    lastColumn.set(category, column);
    let list = lists.get(category);
    if (!list) lists.set(category, (list = []));
    list.push(`M${column + 0.5} 0V1`);
  }
  const paths = new Map<TickCategory, string>();
  for (const [category, list] of lists) paths.set(category, list.join(""));
  return { width, paths };
}

import { describe, expect, it } from "vitest";
import type { EventKind } from "@/lib/trace/events";
import { classifyEvent, type TickCategory } from "./tick-kind";
import { buildTickPaths, TICK_COLUMNS } from "./tick-paths";

const KINDS: EventKind[] = [
  "user.message",
  "request.assembled",
  "wire.event",
  "wire.event",
  "turn.completed",
  "tool.stage",
  "tool.result",
  "run.finished",
];

/** A log of `count` events, its kinds cycling through a run's. */
const logOf = (count: number) =>
  Array.from({ length: count }, (_, index) => KINDS[(index * 7 + (index >> 3)) % KINDS.length]!);

/** The x of every tick of each colour. */
function ticksOf(paths: Map<TickCategory, string>): Map<TickCategory, number[]> {
  return new Map(
    [...paths].map(([category, d]) => [category, [...d.matchAll(/M([\d.]+) 0V1/g)].map((m) => Number(m[1]))]),
  );
}

describe("the timeline's tick paths", () => {
  it("draw each event of a log of up to the columns at its own position", () => {
    const kinds = logOf(TICK_COLUMNS);
    const { width, paths } = buildTickPaths(kinds);
    expect(width).toBe(TICK_COLUMNS);
    const expected = new Map<TickCategory, number[]>();
    kinds.forEach((kind, index) => {
      const category = classifyEvent(kind);
      expected.set(category, [...(expected.get(category) ?? []), index + 0.5]);
    });
    expect(ticksOf(paths)).toEqual(expected);
    expect(buildTickPaths([])).toEqual({ width: 1, paths: new Map() });
  });

  it("draw a longer log on the columns: one tick of a colour in each column where an event of it falls", () => {
    const kinds = logOf(100_003);
    const { width, paths } = buildTickPaths(kinds);
    expect(width).toBe(TICK_COLUMNS);
    const expected = new Map<TickCategory, Set<number>>();
    kinds.forEach((kind, index) => {
      const category = classifyEvent(kind);
      const columns = expected.get(category) ?? new Set<number>();
      columns.add(Math.floor((index / kinds.length) * TICK_COLUMNS) + 0.5);
      expected.set(category, columns);
    });
    const drawn = ticksOf(paths);
    expect([...drawn.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [category, columns] of expected) expect(drawn.get(category)).toEqual([...columns]);
    const segments = [...drawn.values()].reduce((sum, list) => sum + list.length, 0);
    expect(segments).toBeLessThanOrEqual(TICK_COLUMNS * expected.size);
  });
});

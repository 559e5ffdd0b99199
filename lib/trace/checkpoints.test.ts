import { describe, expect, it } from "vitest";
import { countEventsThrough, createCheckpointedFold } from "./checkpoints";

/** A fold that records every item it sees, so the steps it took are visible. */
function createCountingFold(interval: number) {
  const steps: number[] = [];
  const fold = createCheckpointedFold<number, number[]>({
    initial: [],
    interval,
    reduce: (state, item) => {
      steps.push(item);
      return [...state, item];
    },
  });
  return { fold, steps };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("createCheckpointedFold", () => {
  it("returns the same state as a full fold for every prefix", () => {
    const { fold } = createCountingFold(4);
    const items = range(23);
    for (let count = 0; count <= items.length; count++) {
      expect(fold.stateAt(items, count)).toEqual(items.slice(0, count));
    }
  });

  it("folds at most interval - 1 items from the nearest checkpoint once checkpoints exist", () => {
    const { fold, steps } = createCountingFold(10);
    const items = range(100);
    fold.stateAt(items, 100);
    expect(fold.size()).toBe(11);
    steps.length = 0;
    expect(fold.stateAt(items, 57)).toEqual(range(57));
    expect(steps).toEqual([50, 51, 52, 53, 54, 55, 56]);
    steps.length = 0;
    fold.stateAt(items, 30);
    expect(steps).toEqual([]);
  });

  it("keeps checkpoints when items are appended", () => {
    const { fold, steps } = createCountingFold(5);
    const items = range(12);
    fold.stateAt(items, 12);
    steps.length = 0;
    const longer = [...items, 12, 13, 14];
    expect(fold.stateAt(longer, 15)).toEqual(range(15));
    expect(steps).toEqual([10, 11, 12, 13, 14]);
  });

  it("drops the checkpoints after an insertion and recomputes them", () => {
    const fold = createCheckpointedFold<{ n: number }, number>({
      initial: 0,
      interval: 2,
      reduce: (sum, item) => sum + item.n,
    });
    const items = [1, 2, 3, 4, 5, 6].map((n) => ({ n }));
    expect(fold.stateAt(items, 6)).toBe(21);
    const inserted = [items[0]!, items[1]!, { n: 100 }, ...items.slice(2)];
    expect(fold.stateAt(inserted, 7)).toBe(121);
    expect(fold.stateAt(inserted, 4)).toBe(106);
  });

  it("clamps the count to the items there are", () => {
    const { fold } = createCountingFold(3);
    expect(fold.stateAt(range(4), 99)).toEqual(range(4));
    expect(fold.stateAt(range(4), -5)).toEqual([]);
  });
});

describe("countEventsThrough", () => {
  const events = [0, 1, 2, 5, 6, 9].map((seq) => ({ seq }));

  it("counts the events whose seq is at most the given seq", () => {
    expect(countEventsThrough(events, -1)).toBe(0);
    expect(countEventsThrough(events, 0)).toBe(1);
    expect(countEventsThrough(events, 4)).toBe(3);
    expect(countEventsThrough(events, 5)).toBe(4);
    expect(countEventsThrough(events, 9)).toBe(6);
    expect(countEventsThrough(events, Infinity)).toBe(6);
    expect(countEventsThrough([], 3)).toBe(0);
  });
});

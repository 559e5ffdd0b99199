import { describe, expect, it } from "vitest";
import type { NewEvent } from "../events";
import { buildLog } from "../testing/build-log";
import {
  createRunGraphState,
  foldRunGraph,
  projectRunGraph,
  readRunGraph,
  reduceRunGraph,
} from "./reduce-run-graph";
import { completed, requested } from "./testing/graph-log";
import {
  appendTurn,
  CHUNK,
  emptyTurnList,
  findLastTurnIndex,
  iterateTurns,
  replaceTurnAt,
  turnAt,
  turnListOf,
} from "./turn-list";

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

describe("turn list", () => {
  it("holds its items in order across chunks, like an array", () => {
    const items = range(CHUNK * 3 + 5);
    const list = turnListOf(items);
    expect(list.length).toBe(items.length);
    expect([...iterateTurns(list)]).toEqual(items);
    expect(turnAt(list, 0)).toBe(0);
    expect(turnAt(list, CHUNK)).toBe(CHUNK);
    expect(turnAt(list, -1)).toBe(items.at(-1));
    expect(turnAt(list, items.length)).toBeUndefined();
    expect(turnAt(emptyTurnList<number>(), -1)).toBeUndefined();
  });

  it("never changes a list in place: an older list still reads as it was", () => {
    const before = turnListOf(range(CHUNK + 1));
    const appended = appendTurn(before, 99);
    const replaced = replaceTurnAt(appended, 3, -3);
    expect([...iterateTurns(before)]).toEqual(range(CHUNK + 1));
    expect([...iterateTurns(appended)]).toEqual([...range(CHUNK + 1), 99]);
    expect([...iterateTurns(replaced)]).toEqual([0, 1, 2, -3, ...range(CHUNK + 1).slice(4), 99]);
    // Two branches from one list (the projector refolds from a checkpoint) do not see each other.
    const left = appendTurn(before, 1000);
    const right = appendTurn(before, 2000);
    expect(turnAt(left, -1)).toBe(1000);
    expect(turnAt(right, -1)).toBe(2000);
  });

  it("a replacement copies only the chunk it touches; the others are shared", () => {
    const list = turnListOf(range(CHUNK * 4));
    const next = replaceTurnAt(list, CHUNK * 4 - 1, -1);
    expect(next.chunks.slice(0, 3).every((chunk, slot) => chunk === list.chunks[slot])).toBe(true);
    expect(next.chunks[3]).not.toBe(list.chunks[3]);
    expect(replaceTurnAt(list, CHUNK * 4, 5)).toBe(list);
  });

  it("finds the last match, searching from the end", () => {
    const list = turnListOf([5, 7, 5, ...range(CHUNK * 2).map((n) => n + 100)]);
    expect(findLastTurnIndex(list, (item) => item === 5)).toBe(2);
    expect(findLastTurnIndex(list, (item) => item === 100 + CHUNK)).toBe(3 + CHUNK);
    expect(findLastTurnIndex(list, (item) => item === 6)).toBe(-1);
  });
});

describe("the run graph's fold on a long log", () => {
  /** A run of `turns` turns, each with one call. */
  const run = (turns: number): NewEvent[] =>
    Array.from({ length: turns }, (_, index) => [
      { kind: "user.message" as const, turn: index + 1, text: `message ${index + 1}` },
      requested(index + 1),
      completed(index + 1, null, [{ id: `c${index + 1}`, name: "read_file" }]),
    ]).flat();

  it("an event in the latest turn shares every earlier chunk of turns with the state before it", () => {
    const log = buildLog(run(CHUNK * 3 + 2));
    const before = foldRunGraph(createRunGraphState(), log.slice(0, -1));
    const after = reduceRunGraph(before, log.at(-1)!);
    expect(after.turns).not.toBe(before.turns);
    expect(after.turns.length).toBe(CHUNK * 3 + 2);
    expect(after.turns.chunks.slice(0, 3)).toEqual(before.turns.chunks.slice(0, 3));
    after.turns.chunks.slice(0, 3).forEach((chunk, slot) => expect(chunk).toBe(before.turns.chunks[slot]));
    // The same graph as the fold of the whole log at once.
    expect(readRunGraph(after)).toEqual(projectRunGraph(log));
  });
});

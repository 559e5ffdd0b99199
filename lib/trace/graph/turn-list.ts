/**
 * The run graph's turns as a persistent list: chunks of {@link CHUNK} turns, so replacing one turn
 * (what nearly every event does) copies its chunk and the list of chunks — a few dozen slots —
 * instead of every turn. A 100,000-event log has thousands of turns, and a plain array copied on
 * each of its events made the fold quadratic. Like the rest of the fold state, a list is never
 * changed in place: every operation returns a new list sharing the chunks it did not touch.
 */

/** Turns per chunk. */
export const CHUNK = 32;

export interface TurnList<T> {
  readonly chunks: readonly (readonly T[])[];
  readonly length: number;
}

const EMPTY: TurnList<never> = Object.freeze({ chunks: Object.freeze([]), length: 0 });

export function emptyTurnList<T>(): TurnList<T> {
  return EMPTY;
}

export function turnListOf<T>(items: readonly T[]): TurnList<T> {
  return items.reduce<TurnList<T>>((list, item) => appendTurn(list, item), emptyTurnList());
}

/** The item at `index` (0-based; negative counts from the end, as `Array.prototype.at`). */
export function turnAt<T>(list: TurnList<T>, index: number): T | undefined {
  const at = index < 0 ? list.length + index : index;
  if (at < 0 || at >= list.length) return undefined;
  return list.chunks[Math.floor(at / CHUNK)]![at % CHUNK];
}

export function appendTurn<T>(list: TurnList<T>, item: T): TurnList<T> {
  const last = list.chunks.at(-1);
  if (last && last.length < CHUNK) {
    const chunks = list.chunks.slice();
    chunks[chunks.length - 1] = [...last, item];
    return { chunks, length: list.length + 1 };
  }
  return { chunks: [...list.chunks, [item]], length: list.length + 1 };
}

/** The list with the item at `index` replaced (the same list when `index` is out of range). */
export function replaceTurnAt<T>(list: TurnList<T>, index: number, item: T): TurnList<T> {
  if (index < 0 || index >= list.length) return list;
  const slot = Math.floor(index / CHUNK);
  const chunk = list.chunks[slot]!.slice();
  chunk[index % CHUNK] = item;
  const chunks = list.chunks.slice();
  chunks[slot] = chunk;
  return { chunks, length: list.length };
}

/** The index of the last item matching `match`, searched from the end (-1 for none). */
export function findLastTurnIndex<T>(list: TurnList<T>, match: (item: T) => boolean): number {
  for (let slot = list.chunks.length - 1; slot >= 0; slot--) {
    const chunk = list.chunks[slot]!;
    for (let i = chunk.length - 1; i >= 0; i--) if (match(chunk[i]!)) return slot * CHUNK + i;
  }
  return -1;
}

/** Every item, in order. */
export function* iterateTurns<T>(list: TurnList<T>): Generator<T> {
  for (const chunk of list.chunks) yield* chunk;
}

/**
 * The guide's position in a lesson, pure: `-1` is the introduction, `0 … count-1` the steps,
 * `count` the end ("lesson complete"). Next and Back move one place and stay within those.
 */

/** Where the guide is: before the first step, on a step, or past the last one. */
export type GuidePhase = "intro" | "step" | "done";

/** The position after Next. */
export function stepForward(index: number, count: number): number {
  return clampIndex(index + 1, count);
}

/** The position after Back. */
export function stepBack(index: number, count: number): number {
  return clampIndex(index - 1, count);
}

/** `index` within `-1 … count` (a stored position may be from a longer lesson or garbage). */
export function clampIndex(index: number, count: number): number {
  if (!Number.isInteger(index)) return -1;
  return Math.max(-1, Math.min(count, index));
}

/** The phase of a position (clamped into the lesson first). */
export function describePhase(index: number, count: number): GuidePhase {
  const position = clampIndex(index, count);
  return position < 0 ? "intro" : position >= count ? "done" : "step";
}

/** A stored position, or null for anything that is not a whole number. */
export function parseStoredIndex(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

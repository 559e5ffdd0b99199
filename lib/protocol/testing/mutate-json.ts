/**
 * Ways to damage JSON for fuzzing: random values plus the ones that break naive code, and the
 * replacement of the value at a random path. Test-only.
 */
import fc from "fast-check";

/** Random JSON, plus values that break naive code: unprintable objects, huge and negative indexes. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 4 },
  {
    arbitrary: fc.constantFrom<unknown>(
      { toString: 0 },
      { valueOf: 1, toString: [] },
      2 ** 31,
      1e9,
      -1,
      10_000,
      0.5,
    ),
    weight: 1,
  },
);

/**
 * `value` with the value at a random path replaced by `replacement`: each number in `choices`
 * picks a key (modulo the count) one level deeper; the walk ends at a leaf or when choices run out.
 */
export function replaceSubtree(value: unknown, choices: readonly number[], replacement: unknown): unknown {
  const [choice, ...rest] = choices;
  if (choice === undefined || value === null || typeof value !== "object") return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[choice % keys.length]!;
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>;
  copy[key] = replaceSubtree((value as Record<string, unknown>)[key], rest, replacement);
  return copy;
}

/** JSON text parsed, or the text itself when it is not JSON. */
export function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

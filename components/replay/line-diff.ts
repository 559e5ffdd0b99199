/** One line of a line diff: kept in both, only in the original (`removed`), or only in the replay (`added`). */
export interface DiffLine {
  kind: "same" | "removed" | "added";
  text: string;
}

/** Beyond this many cells the LCS table would cost too much memory; the diff falls back to a plain swap. */
const MAX_CELLS = 4_000_000;

/** Splits text into lines; `""` is no lines at all, and a final newline adds no empty line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * A line diff of `before` against `after` through their longest common subsequence: the lines
 * of both, in order, each marked `same`, `removed` (only in `before`) or `added` (only in
 * `after`). Where both sides change at one place the removals come before the additions.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((text): DiffLine => ({ kind: "same", text }));
  const tail = a.slice(endA).map((text): DiffLine => ({ kind: "same", text }));
  return [...head, ...diffMiddle(a.slice(start, endA), b.slice(start, endB)), ...tail];
}

/** The LCS diff of two line lists that share no prefix or suffix. */
function diffMiddle(a: readonly string[], b: readonly string[]): DiffLine[] {
  const removed = a.map((text): DiffLine => ({ kind: "removed", text }));
  const added = b.map((text): DiffLine => ({ kind: "added", text }));
  if (a.length === 0 || b.length === 0 || (a.length + 1) * (b.length + 1) > MAX_CELLS) {
    return [...removed, ...added];
  }
  const width = b.length + 1;
  // lengths[i * width + j]: the LCS length of a[i..] and b[j..].
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      out.push({ kind: "removed", text: a[i++]! });
    } else {
      out.push({ kind: "added", text: b[j++]! });
    }
  }
  while (i < a.length) out.push({ kind: "removed", text: a[i++]! });
  while (j < b.length) out.push({ kind: "added", text: b[j++]! });
  return out;
}

/** True when the diff changes nothing. */
export function isUnchanged(diff: readonly DiffLine[]): boolean {
  return diff.every((line) => line.kind === "same");
}

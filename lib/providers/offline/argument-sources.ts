/**
 * Where argument values come from in a message, beyond the plain token lists: quotes labelled
 * by a property name, enum values named in the text, and runs of capitalized words. Pure.
 */
import "server-only";
import { listNameWords } from "./score";
import { listWordForms, matchWord, STOP_WORDS, type MessageTokens, type QuotedValue } from "./tokenize";

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const SENTENCE_END = /(^|[.!?\n])\s*$/u;

/** Escapes a string for use inside a regular expression. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The index of the first free quote whose label matches a word of `propertyName`
 * (`subject "Lunch"` for `subject`), marked taken; or -1.
 */
export function matchLabel(propertyName: string, quoted: readonly QuotedValue[], taken: Set<number>): number {
  const nameWords = listNameWords(propertyName);
  const index = quoted.findIndex(
    (quote, position) =>
      !taken.has(position) &&
      quote.label !== null &&
      nameWords.some((word) => matchWord(word, quote.label ?? "")),
  );
  if (index >= 0) taken.add(index);
  return index;
}

/**
 * The enum value the message names, case-insensitively and as a whole word; when several are
 * named, the one named first. Numbers match the message's numbers. `undefined` when none is named.
 */
export function findEnumValue(values: readonly unknown[], text: string, tokens: MessageTokens): unknown {
  let best: { value: unknown; at: number } | undefined;
  for (const value of values) {
    let at = -1;
    if (typeof value === "string" && value.length > 0) {
      at =
        new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(value)}(?![\\p{L}\\p{N}])`, "iu").exec(text)?.index ??
        -1;
    } else if (typeof value === "number") {
      at = tokens.numbers.findIndex((number) => number.value === value);
    }
    if (at >= 0 && (best === undefined || at < best.at)) best = { value, at };
  }
  return best?.value;
}

interface WordAt {
  word: string;
  start: number;
  end: number;
}

/** Whether a word can be part of a name: capitalized, not a stop-word, not already used. */
function isNameWord(word: string, usedWords: ReadonlySet<string>): boolean {
  if (!/^\p{Lu}/u.test(word)) return false;
  const lower = word.toLowerCase();
  const head = lower.split(/['’]/u)[0] ?? lower;
  return !STOP_WORDS.has(head) && !listWordForms(lower).some((form) => usedWords.has(form));
}

/**
 * The first run of capitalized words in `text` separated only by spaces ("New York"), skipping
 * stop-words and `usedWords`. A run that does not start a sentence wins over one that does, since
 * a sentence's first word is capitalized anyway ("Check the weather in Paris" → "Paris").
 */
export function findCapitalizedRun(text: string, usedWords: ReadonlySet<string>): string | null {
  const runs: WordAt[][] = [];
  let current: WordAt[] = [];
  for (const match of text.matchAll(WORD)) {
    const word: WordAt = { word: match[0], start: match.index, end: match.index + match[0].length };
    const previous = current.at(-1);
    const joined = previous !== undefined && /^[ \t]+$/.test(text.slice(previous.end, word.start));
    if (isNameWord(word.word, usedWords)) {
      if (!joined && current.length > 0) runs.push(current);
      current = joined ? [...current, word] : [word];
    } else if (current.length > 0) {
      runs.push(current);
      current = [];
    }
  }
  if (current.length > 0) runs.push(current);
  const opensSentence = (run: WordAt[]) => SENTENCE_END.test(text.slice(0, run[0]?.start ?? 0));
  const chosen = runs.find((run) => !opensSentence(run)) ?? runs[0];
  if (!chosen || chosen.length === 0) return null;
  return text.slice(chosen[0]?.start ?? 0, chosen.at(-1)?.end ?? 0);
}

/**
 * How the offline model reads a message: quoted strings first, then URLs, e-mail addresses and
 * path-like tokens, then numbers and lowercase words with stop-words dropped. Pure.
 */
import "server-only";

/** Words that never count when matching a message to a tool. Fixed and English only. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    "a an the this that these those it its is are was were be been am do does did done",
    "i me my we us our you your he she him his her they them their there here",
    "s t d m ll re ve",
    "what which who whom whose why how when where whats",
    "in of to on at by for from with about into onto out up down over under as",
    "and or but if then than so not no yes",
    "can could would should will shall may might must",
    "please show tell give let use using want need like just also now some any all",
    "hi hello hey thanks thank ok okay",
  ].flatMap((line) => line.split(" ")),
);

/** A quoted string in the message and the word just before it (`subject "Hi"` → `subject`). */
export interface QuotedValue {
  value: string;
  label: string | null;
}

export interface NumberToken {
  value: number;
  integer: boolean;
}

export interface MessageTokens {
  quoted: QuotedValue[];
  urls: string[];
  emails: string[];
  paths: string[];
  numbers: NumberToken[];
  /** Distinct lowercase content words (no stop-words, no bare numbers), in first-seen order. */
  words: string[];
  /** The message with quotes, URLs, e-mails and paths blanked out; original case kept. */
  rest: string;
}

export const QUOTE =
  /"([^"]*)"|“([^”]*)”|`([^`]*)`|(?<![\p{L}\p{N}])'([^']*)'(?![\p{L}\p{N}])|(?<![\p{L}\p{N}])‘([^’]*)’(?![\p{L}\p{N}])/gu;
const LABEL_BEFORE = /([\p{L}\p{N}_]+)(?:\s+(?:is|as|of|to|=))?\s*[:=]?\s*$/u;
const URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const EMAIL = /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/;
const FILE_NAME = /^[\p{L}\p{N}_.-]*\.[a-z][a-z0-9]{0,4}$/iu;
const ABBREVIATION = /^(\p{L}\.)+\p{L}$/u;
const NUMBER = /(?<![\p{L}\p{N}.])-?\d+(?:\.\d+)?(?![\p{L}\p{N}])/gu;
const LEADING_PUNCTUATION = /^[("'`[{<“‘]+/u;
const TRAILING_PUNCTUATION = /[.,;:!?)"'`\]}>”’]+$/u;

/** Whether a token reads as a file or directory path (`notes/todo.md`, `src/`, `README.md`). */
export function isPathLike(token: string): boolean {
  if (!/[\p{L}\p{N}]/u.test(token)) return false;
  if (token.includes("/")) return true;
  return FILE_NAME.test(token) && !ABBREVIATION.test(token);
}

/** Splits text into words on anything that is not a letter or a digit (any script). */
export function splitWords(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

/** The lowercase content words of `text`, distinct, stop-words and bare numbers dropped. */
export function listContentWords(text: string): string[] {
  const words = splitWords(text.toLowerCase()).filter(
    (word) => !STOP_WORDS.has(word) && !/^\p{N}+$/u.test(word),
  );
  return [...new Set(words)];
}

/** The forms a word is compared in: itself and, when long enough, without "s", "es" or "ing". */
export function listWordForms(word: string): string[] {
  const forms = [word];
  for (const suffix of ["s", "es", "ing"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) forms.push(word.slice(0, -suffix.length));
  }
  return forms;
}

/** Whether two words match after light stemming (`files` ~ `file`, `reading` ~ `read`). */
export function matchWord(a: string, b: string): boolean {
  const formsOfB = listWordForms(b);
  return listWordForms(a).some((form) => formsOfB.includes(form));
}

/** Pulls the quoted strings out of `text`, each with the word that labels it. */
function extractQuoted(text: string): { quoted: QuotedValue[]; rest: string } {
  const quoted: QuotedValue[] = [];
  const rest = text.replace(QUOTE, (_match, ...groups: unknown[]) => {
    const offset = groups[5] as number;
    const value = groups.slice(0, 5).find((group) => typeof group === "string") as string;
    // Only the few characters before the quote can label it; a bounded window keeps this linear.
    const label = LABEL_BEFORE.exec(text.slice(Math.max(0, offset - 64), offset))?.[1]?.toLowerCase() ?? null;
    quoted.push({ value, label });
    return " ";
  });
  return { quoted, rest };
}

/** Reads a user message into the tokens the scorer and the argument filler use. */
export function tokenizeMessage(text: string): MessageTokens {
  const { quoted, rest: unquoted } = extractQuoted(text);
  const urls: string[] = [];
  const emails: string[] = [];
  const paths: string[] = [];
  const rest = unquoted.replace(/\S+/g, (segment) => {
    const lead = LEADING_PUNCTUATION.exec(segment)?.[0] ?? "";
    const trail = TRAILING_PUNCTUATION.exec(segment.slice(lead.length))?.[0] ?? "";
    const token = segment.slice(lead.length, segment.length - trail.length);
    const bucket = URL.test(token) ? urls : EMAIL.test(token) ? emails : isPathLike(token) ? paths : null;
    if (!bucket) return segment;
    bucket.push(token);
    return `${lead} ${trail}`;
  });
  const numbers = [...rest.matchAll(NUMBER)].map((match) => ({
    value: Number(match[0]),
    integer: !match[0].includes("."),
  }));
  return { quoted, urls, emails, paths, numbers, words: listContentWords(rest), rest };
}

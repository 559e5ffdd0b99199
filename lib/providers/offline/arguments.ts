/**
 * Filling a tool's arguments from its `input_schema` and the user's message. Pure.
 *
 * Each value is taken from the message at most once. A property is set only when the message
 * supplies a value, except that a required enum falls back to its first value, a required
 * boolean to `false`, and a required string to its `default`. Keys keep the schema's order.
 */
import "server-only";
import { isPathProperty, listProperties, type PropertyView } from "./schema";
import { listNameWords } from "./score";
import { listWordForms, matchWord, splitWords, STOP_WORDS, type MessageTokens } from "./tokenize";
import { findCapitalizedRun, findEnumValue, matchLabel } from "./argument-sources";

const CONTENT_PROPERTY = /content|text|body|query|message/i;
const URL_PROPERTY = /url|uri|link|href/i;
const EMAIL_PROPERTY = /email|^to$|^cc$|^bcc$|recipient/i;

/** What has been taken from the message so far. */
interface Taken {
  quoted: Set<number>;
  paths: Set<number>;
  urls: Set<number>;
  emails: Set<number>;
  numbers: Set<number>;
  /** Lowercase words no longer free for "the remaining words" (tool words, enum values…). */
  words: Set<string>;
  /** Whether required properties fall back to defaults and free words (see `FillOptions`). */
  fallbacks: boolean;
}

export interface FillOptions {
  /**
   * `false` keeps only what the message names outright — quotes, paths, URLs, e-mails, numbers,
   * enum values, named booleans and a capitalized name — with no defaults and no "remaining
   * words": what a follow-up ("And in Cairo?") changes in the previous call. Default `true`.
   */
  fallbacks?: boolean;
}

/** The index of the first item not yet taken that passes `accept`, marked taken; or -1. */
function takeNext<T>(
  items: readonly T[],
  taken: Set<number>,
  accept: (item: T) => boolean = () => true,
): number {
  const index = items.findIndex((item, position) => !taken.has(position) && accept(item));
  if (index >= 0) taken.add(index);
  return index;
}

/** The value of a string property with no dedicated source: default, quote, Name, or words. */
function readGenericString(property: PropertyView, tokens: MessageTokens, taken: Taken): string | undefined {
  if (!taken.fallbacks) return readNamedString(tokens, taken);
  if (typeof property.schema.default === "string") return property.schema.default;
  const quote = takeNext(tokens.quoted, taken.quoted);
  if (quote >= 0) return tokens.quoted[quote]?.value;
  const run = findCapitalizedRun(tokens.rest, taken.words);
  if (run !== null) {
    splitWords(run.toLowerCase()).forEach((word) => taken.words.add(word));
    return run;
  }
  const remaining = splitWords(tokens.rest).filter((word) => {
    const lower = word.toLowerCase();
    return !STOP_WORDS.has(lower) && !listWordForms(lower).some((form) => taken.words.has(form));
  });
  if (remaining.length === 0) return undefined;
  remaining.forEach((word) => taken.words.add(word.toLowerCase()));
  return remaining.join(" ");
}

/**
 * A quote, else a capitalized name that does not merely open the sentence — unless the message
 * is nothing but that name ("Cairo?"). Never free words: "Great, that helps" names no city.
 */
function readNamedString(tokens: MessageTokens, taken: Taken): string | undefined {
  const quote = takeNext(tokens.quoted, taken.quoted);
  if (quote >= 0) return tokens.quoted[quote]?.value;
  const run = findCapitalizedRun(tokens.rest, taken.words);
  if (run === null) return undefined;
  const runWords = new Set(splitWords(run.toLowerCase()));
  const others = splitWords(tokens.rest.toLowerCase()).filter(
    (word) => !runWords.has(word) && !STOP_WORDS.has(word) && !taken.words.has(word),
  );
  const before = tokens.rest.slice(0, tokens.rest.indexOf(run));
  if (/(^|[.!?\n])\s*$/u.test(before) && others.length > 0) return undefined;
  runWords.forEach((word) => taken.words.add(word));
  return run;
}

/** The value of a string property, from the source its name or format points to. */
function readString(property: PropertyView, tokens: MessageTokens, taken: Taken): string | undefined {
  const format = property.schema.format;
  const pick = (items: readonly string[], set: Set<number>) => items[takeNext(items, set)];
  let value: string | undefined;
  let typed = true;
  if (isPathProperty(property)) value = pick(tokens.paths, taken.paths);
  else if (URL_PROPERTY.test(property.name) || format === "uri") value = pick(tokens.urls, taken.urls);
  else if (EMAIL_PROPERTY.test(property.name) || format === "email")
    value = pick(tokens.emails, taken.emails);
  else if (CONTENT_PROPERTY.test(property.name))
    value = tokens.quoted[takeNext(tokens.quoted, taken.quoted)]?.value;
  else typed = false;
  // Without fallbacks, a path, URL or e-mail comes only from a token of its kind ("Cairo" is no path).
  if (value !== undefined || !property.required || (typed && !taken.fallbacks)) return value;
  return readGenericString(property, tokens, taken);
}

/** The value of a number or integer property: the next number of the message that fits. */
function readNumber(property: PropertyView, tokens: MessageTokens, taken: Taken): number | undefined {
  const integerOnly = property.types.includes("integer") && !property.types.includes("number");
  const index = takeNext(tokens.numbers, taken.numbers, (number) => !integerOnly || number.integer);
  if (index >= 0) return tokens.numbers[index]?.value;
  const fallback = property.schema.default;
  return taken.fallbacks && property.required && typeof fallback === "number" ? fallback : undefined;
}

/** The value of one property, or `undefined` to leave it out. */
function readProperty(property: PropertyView, text: string, tokens: MessageTokens, taken: Taken): unknown {
  const values = property.schema.enum;
  if (Array.isArray(values)) {
    const named = findEnumValue(values, text, tokens);
    return named !== undefined ? named : taken.fallbacks && property.required ? values[0] : undefined;
  }
  if (property.types.includes("boolean")) {
    const words = splitWords(tokens.rest.toLowerCase());
    const nameWords = listNameWords(property.name);
    const parts = nameWords.length > 0 ? nameWords : splitWords(property.name.toLowerCase());
    const named = parts.every((part) => words.some((word) => matchWord(word, part)));
    return named ? true : taken.fallbacks && property.required ? false : undefined;
  }
  if (property.types.includes("integer") || property.types.includes("number")) {
    return readNumber(property, tokens, taken);
  }
  if (property.types.includes("string")) return readString(property, tokens, taken);
  return taken.fallbacks && property.required ? property.schema.default : undefined;
}

/**
 * The arguments for `inputSchema` from the message `text` (tokenized as `tokens`). `toolWords`
 * are the message words that matched the tool; they never become argument values on their own.
 */
export function fillArguments(
  inputSchema: unknown,
  text: string,
  tokens: MessageTokens,
  toolWords: readonly string[],
  options: FillOptions = {},
): Record<string, unknown> {
  const properties = listProperties(inputSchema);
  const taken: Taken = {
    quoted: new Set(),
    paths: new Set(),
    urls: new Set(),
    emails: new Set(),
    numbers: new Set(),
    words: new Set(toolWords.flatMap(listWordForms)),
    fallbacks: options.fallbacks !== false,
  };
  const entries: [string, unknown][] = [];
  const labelled = new Map<string, string>();
  for (const property of properties) {
    const isEnum = Array.isArray(property.schema.enum);
    const labellable = property.types.includes("string") && !isEnum;
    const index = labellable ? matchLabel(property.name, tokens.quoted, taken.quoted) : -1;
    const value = tokens.quoted[index]?.value;
    if (value !== undefined) labelled.set(property.name, value);
    if (isEnum) {
      const named = findEnumValue(property.schema.enum as unknown[], text, tokens);
      if (typeof named === "string") splitWords(named.toLowerCase()).forEach((word) => taken.words.add(word));
    }
  }
  for (const property of properties) {
    const value = labelled.get(property.name) ?? readProperty(property, text, tokens, taken);
    if (value !== undefined) entries.push([property.name, value]);
  }
  // Object.fromEntries defines own properties, so a property named "__proto__" stays data.
  return Object.fromEntries(entries);
}

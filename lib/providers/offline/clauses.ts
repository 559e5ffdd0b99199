/**
 * Splitting a user message into clauses, each of which may ask for one tool call: at "and",
 * "; " and sentence ends, never inside a quote ('Write "salt and pepper" to a.md' is one clause).
 * Pure. Whether the clauses really are separate calls is the planner's decision (`plan-calls.ts`).
 */
import "server-only";
import { QUOTE } from "./tokenize";

/** Where a message splits: ", and then", " and ", " & ", ";", or a sentence end. */
const SEPARATOR = /,?\s+(?:and|&)\s+(?:then\s+|also\s+)?|\s*;\s*|(?<=[.?!])\s+/giu;

/** `text` with every quoted span replaced by as many `_`, so separators inside quotes vanish. */
function maskQuotes(text: string): string {
  let masked = "";
  let from = 0;
  for (const match of text.matchAll(new RegExp(QUOTE.source, QUOTE.flags))) {
    masked += text.slice(from, match.index) + "_".repeat(match[0].length);
    from = match.index + match[0].length;
  }
  return masked + text.slice(from);
}

/** The clauses of `text`, trimmed, empty ones dropped; one clause when nothing splits it. */
export function splitClauses(text: string): string[] {
  const masked = maskQuotes(text);
  const clauses: string[] = [];
  let from = 0;
  for (const match of masked.matchAll(SEPARATOR)) {
    clauses.push(text.slice(from, match.index));
    from = match.index + match[0].length;
  }
  clauses.push(text.slice(from));
  return clauses.map((clause) => clause.trim()).filter((clause) => clause.length > 0);
}

/** Words that open a follow-up to the previous call: "And in Cairo?", "What about Tokyo?". */
const FOLLOW_UP = /^\s*(?:and|also|same for|what about|how about)\b/iu;

/** Whether `text` opens as a follow-up to the previous call. */
export function opensFollowUp(text: string): boolean {
  return FOLLOW_UP.test(text);
}

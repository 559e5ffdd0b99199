import { compileLinearRegex } from "@/lib/schema/linear-regex";
import { DEFAULT_SECRET_PATTERNS, REDACTED, replaceMatches, type TextPattern } from "@/lib/store/redact";

/** `12000` → `12,000`, without depending on the runtime's locale data. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Cuts `content` to at most `maxChars` UTF-16 units and appends a marker saying how much was cut
 * and by which budget (`budget` names it: "maxResultChars 8,000"). Never cuts between the two
 * halves of a surrogate pair: it keeps one unit less instead. Content within the budget is
 * returned unchanged with `cut: 0`.
 */
export function truncateText(
  content: string,
  maxChars: number,
  budget: string,
): { content: string; cut: number } {
  if (content.length <= maxChars) return { content, cut: 0 };
  let keep = Math.max(0, maxChars);
  const last = content.charCodeAt(keep - 1);
  if (keep > 0 && last >= 0xd800 && last <= 0xdbff) keep -= 1;
  const cut = content.length - keep;
  return {
    content: `${content.slice(0, keep)}\n[… ${formatCount(cut)} more characters cut by the harness (${budget})]`,
    cut,
  };
}

/**
 * Replaces every match of each pattern with `[REDACTED]` and counts the replacements. Empty
 * matches are left alone (a pattern such as `x*` must not fill the text with markers).
 */
export function redactText(
  content: string,
  patterns: readonly TextPattern[],
): { content: string; count: number } {
  let count = 0;
  let out = content;
  for (const pattern of patterns)
    out = replaceMatches(out, pattern, () => {
      count += 1;
      return REDACTED;
    });
  return { content: out, count };
}

/**
 * The secret patterns the post stage always applies: the append-time redactor's own
 * (`lib/store/redact.ts`: Anthropic, OpenAI and AWS keys, bearer tokens, PEM private keys) plus
 * the session's extra regexes, which run on the linear-time engine. An extra that it refuses is
 * skipped with a note.
 */
export function compileSecretPatterns(extra: readonly string[]): {
  patterns: TextPattern[];
  notes: string[];
} {
  const patterns: TextPattern[] = [...DEFAULT_SECRET_PATTERNS];
  const notes: string[] = [];
  for (const source of extra) {
    const compiled = compileRegex(source);
    if (compiled) patterns.push(compiled);
    else notes.push(`redact pattern \`${source}\` is not a valid regex, skipped`);
  }
  return { patterns, notes };
}

/** A pattern a person wrote, on the linear-time engine, or null when that refuses it. */
export function compileRegex(source: string): TextPattern | null {
  const compiled = compileLinearRegex(source);
  return compiled.ok ? compiled.regex : null;
}

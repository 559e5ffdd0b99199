import { DEFAULT_SECRET_PATTERNS, REDACTED } from "@/lib/store/redact";

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
export function redactText(content: string, patterns: readonly RegExp[]): { content: string; count: number } {
  let count = 0;
  let out = content;
  for (const pattern of patterns) {
    const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
    out = out.replace(global, (match) => {
      if (match === "") return match;
      count += 1;
      return REDACTED;
    });
  }
  return { content: out, count };
}

/**
 * The secret patterns the post stage always applies: the append-time redactor's own
 * (`lib/store/redact.ts`: Anthropic, OpenAI and AWS keys, bearer tokens, PEM private keys) plus
 * the session's extra regexes. An extra that does not compile is skipped with a note.
 */
export function compileSecretPatterns(extra: readonly string[]): { patterns: RegExp[]; notes: string[] } {
  const patterns = [...DEFAULT_SECRET_PATTERNS];
  const notes: string[] = [];
  for (const source of extra) {
    const compiled = compileRegex(source);
    if (compiled) patterns.push(compiled);
    else notes.push(`redact pattern \`${source}\` is not a valid regex, skipped`);
  }
  return { patterns, notes };
}

/** A global regex from a pattern a person wrote, or null when it does not compile. */
export function compileRegex(source: string): RegExp | null {
  try {
    return new RegExp(source, "g");
  } catch {
    return null;
  }
}

/**
 * Regular expressions a person or an imported file wrote — JSON Schema `pattern` and
 * `patternProperties`, policy `when.regex`, `policy.redact`, a post rule's redact pattern — run
 * on RE2 (re2js), whose matching time is linear in the input, never on the backtracking engine:
 * `^(a+)+$` against `aaaa…!` must not stall the server's only thread. Pure (no Node built-ins).
 */
import { RE2JS } from "re2js";

/** A compiled pattern: matching is linear in the length of the text. */
export interface LinearRegex {
  /** The pattern as written. */
  readonly source: string;
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
  /**
   * `text` with every non-empty match replaced by `replace(match)` (empty matches are left
   * alone, so `x*` cannot fill the text with replacements).
   */
  replaceAll(text: string, replace: (match: string) => string): string;
}

export type LinearRegexResult =
  | { readonly ok: true; readonly regex: LinearRegex }
  | {
      readonly ok: false;
      /** `syntax`: not an ECMAScript regex at all; `unsupported`: one RE2 does not run. */
      readonly reason: "syntax" | "unsupported";
      readonly error: string;
    };

/** What RE2 leaves out; named when a pattern uses it. */
const UNSUPPORTED: readonly [RegExp, string][] = [
  [/\\[1-9]|\\k</, "backreferences (`\\1`, `\\k<name>`) are not supported"],
  [/(?<!\\)\(\?<?[=!]/, "lookarounds (`(?=`, `(?!`, `(?<=`, `(?<!`) are not supported"],
];

/**
 * Compiles `source` for the linear-time engine. It must be a valid ECMAScript regex (with the
 * `u` flag when `unicode`, as JSON Schema reads patterns) and within what RE2 supports: no
 * backreferences, no lookarounds, repeat counts up to 1,000. Never throws: a refusal is a value
 * whose `error` says why. Differences that remain: RE2's `\s`, `\b` and `\w` are ASCII-only.
 */
export function compileLinearRegex(source: string, options: { unicode?: boolean } = {}): LinearRegexResult {
  try {
    // Only to check the syntax as JavaScript reads it; this regex never runs.
    new RegExp(source, options.unicode ? "u" : "");
  } catch (error) {
    return {
      ok: false,
      reason: "syntax",
      error: `not a valid regular expression: ${(error as Error).message}`,
    };
  }
  for (const [shape, why] of UNSUPPORTED)
    if (shape.test(stripEscapedBackslashes(source))) return { ok: false, reason: "unsupported", error: why };
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(RE2JS.translateRegExp(source));
  } catch (error) {
    const message = (error as Error).message.replace(/^error parsing regexp: /, "");
    return {
      ok: false,
      reason: "unsupported",
      error: `not supported by the linear-time regex engine: ${message}`,
    };
  }
  return { ok: true, regex: wrap(source, compiled) };
}

/** `\\` pairs removed, so `\\1` (a backslash, then 1) is not read as a backreference. */
function stripEscapedBackslashes(source: string): string {
  return source.replace(/\\\\/g, "");
}

function wrap(source: string, compiled: RE2JS): LinearRegex {
  return {
    source,
    test: (text) => compiled.test(text),
    replaceAll(text, replace) {
      if (!compiled.test(text)) return text;
      const matcher = compiled.matcher(text);
      let out = "";
      let last = 0;
      while (matcher.find()) {
        const start = matcher.start();
        const end = matcher.end();
        if (end === start) continue;
        out += text.slice(last, start) + replace(text.slice(start, end));
        last = end;
      }
      return out + text.slice(last);
    },
    // ajv keys its compiled patterns by this string.
    toString: () => `/${source}/`,
  } as LinearRegex;
}

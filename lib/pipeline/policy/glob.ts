/**
 * Tool-name globs for policy rules: `*` matches any run of characters (including none), `?`
 * exactly one character (one code point), and everything else matches itself literally — a `.`
 * or `+` in a pattern is just that character, never regex syntax.
 *
 * @example matchToolGlob("write_*", "write_file") // true
 * @example matchToolGlob("*", "anything") // true
 * @example matchToolGlob("read_file", "read_files") // false: a glob matches the whole name
 */
export function matchToolGlob(pattern: string, name: string): boolean {
  return compileToolGlob(pattern).test(name);
}

// `-` is literal outside a class, and `\-` is a syntax error under the `u` flag.
const REGEX_METACHARACTERS = /[\\^$.+()[\]{}|/]/g;

/** Turns a glob into an anchored regular expression; exported for tests and the rule editor. */
export function compileToolGlob(pattern: string): RegExp {
  let source = "";
  for (const char of pattern) {
    if (char === "*") source += ".*";
    else if (char === "?") source += ".";
    else source += char.replace(REGEX_METACHARACTERS, "\\$&");
  }
  // `s` lets `*` and `?` cross line breaks; `u` makes `?` one code point, not one UTF-16 unit.
  return new RegExp(`^${source}$`, "su");
}

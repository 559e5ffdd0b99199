import type { Page } from "@playwright/test";
import { readCatalog } from "@/i18n/catalogs";
import { LOCALE_NAMES, type AppLocale } from "@/i18n/locales";
import { STAGES } from "@/lib/trace/events";

/**
 * Finds UI text that did not come from a catalog ("in Chinese, a walk of the DOM of every
 * main page finds no visible text that is not in the Chinese catalog").
 *
 * Every visible text node, placeholder and aria-label is checked, in this order:
 * 1. It is one catalog message, its arguments filled with anything (an argument is data: a
 *    count, a tool name, the server's own error text).
 * 2. It is data: a value recorded in the session's log (the user's and the model's messages,
 *    tool definitions, arguments, results, files, the harness's own summaries, which are
 *    written for the model), a lesson text the API served in this language, or a quoted piece
 *    of one (a raw payload preview such as `" Sketch"`). A short text must be a whole value; a
 *    long one may be a clipped part of one. Each language's own name on the language switch.
 * 3. Otherwise it must be made of catalog prose plus data: every fragment of catalog text found
 *    in it is taken out, and what is left may hold no CJK at all and only Latin tokens that are
 *    not prose — numbers, identifiers (`read_file`, `tool.stage`, `notes/todo.md`, `toolu_…`,
 *    camelCase), acronyms (SSE, JSON), the protocol's words the UI deliberately leaves
 *    untranslated (stages, roles, block types and their wire field names, request sections,
 *    provider kinds, tool names) and product names.
 *
 * Skipped by HTML semantics: `code`, `pre`, `kbd`, `samp` (code, JSON, keys), form values, and
 * the Monaco editor (a tool's JSON Schema); and React Flow's attribution link, the library's
 * own name, which it does not let us translate.
 */

export interface UiText {
  text: string;
  /** Where it is: the nearest element with a test id, and how the text was found. */
  where: string;
}

const SKIP =
  "script, style, noscript, template, code, pre, kbd, samp, textarea, .monaco-editor, .react-flow__attribution";

/** Every visible text node, placeholder and aria-label on the page, whitespace collapsed. */
export function collectUiTexts(page: Page): Promise<UiText[]> {
  return page.evaluate((skip) => {
    const found: { text: string; where: string }[] = [];
    const describe = (element: Element, how: string) => {
      const marked = element.closest("[data-testid]");
      return `${how} in <${element.tagName.toLowerCase()}> under ${marked ? marked.getAttribute("data-testid") : "body"}`;
    };
    const clean = (value: string) => value.replace(/\s+/g, " ").trim();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = clean(node.textContent ?? "");
      const parent = node.parentElement;
      if (!text || !parent || parent.closest(skip)) continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      found.push({ text, where: describe(parent, "text") });
    }
    for (const element of document.querySelectorAll("[placeholder], [aria-label]")) {
      if (element.closest(skip.replace(", textarea", "")) || !element.checkVisibility()) continue;
      for (const name of ["placeholder", "aria-label"]) {
        const value = clean(element.getAttribute(name) ?? "");
        if (value) found.push({ text: value, where: describe(element, name) });
      }
    }
    return found;
  }, SKIP);
}

/** The literal parts of an ICU message (arguments and rich-text tags removed), and a regex for the whole. */
export function readMessage(message: string): { fragments: string[]; pattern: RegExp | null } {
  const fragments: string[] = [];
  let literal = "";
  const flush = () => {
    if (literal.trim()) fragments.push(literal.trim());
    literal = "";
  };
  const toRegex = (text: string, start: number, stopAtBrace: boolean): [string, number] => {
    let source = "";
    let i = start;
    while (i < text.length) {
      const char = text[i]!;
      if (char === "}" && stopAtBrace) return [source, i];
      if (char === "<") {
        const tag = /^<\/?[A-Za-z][\w-]*>/.exec(text.slice(i));
        if (tag) {
          flush();
          source += "[\\s\\S]*?";
          i += tag[0].length;
          continue;
        }
      }
      if (char === "{") {
        flush();
        const [argument, end] = readArgument(text, i + 1);
        source += argument;
        i = end + 1;
        continue;
      }
      if (char === "#" && stopAtBrace) {
        flush();
        source += "[\\d.,]+";
        i++;
        continue;
      }
      literal += char;
      source += char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      i++;
    }
    return [source, i];
  };
  const readArgument = (text: string, start: number): [string, number] => {
    const head = /^\s*[\w-]+\s*(?:,\s*(\w+)\s*(?:,|(?=\})))?/.exec(text.slice(start))!;
    let i = start + head[0].length;
    if (head[1] !== "plural" && head[1] !== "select" && head[1] !== "selectordinal") {
      let depth = 1;
      for (; i < text.length && depth > 0; i++) depth += text[i] === "{" ? 1 : text[i] === "}" ? -1 : 0;
      return ["[\\s\\S]+?", i - 1];
    }
    const options: string[] = [];
    while (i < text.length && text[i] !== "}") {
      const selector = /^\s*(=?[\w-]+)\s*\{/.exec(text.slice(i));
      if (!selector) break;
      const [body, end] = toRegex(text, i + selector[0].length, true);
      flush();
      options.push(body);
      i = end + 1;
      while (text[i] === " " || text[i] === "\n") i++;
    }
    return [`(?:${options.join("|")})`, i];
  };
  const [source] = toRegex(message, 0, false);
  flush();
  const hasWords = fragments.some((fragment) => /[\p{L}]/u.test(fragment));
  return { fragments, pattern: hasWords ? new RegExp(`^${source}$`, "u") : null };
}

/** Every string leaf of a value (a log event, a lesson), for the data corpus. */
export function listStrings(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) listStrings(item, into);
  else if (typeof value === "object" && value !== null)
    for (const item of Object.values(value)) listStrings(item, into);
  return into;
}

/** Latin words the UI shows untranslated on purpose: the protocol's own vocabulary and names. */
const VOCABULARY = new Set([
  ...STAGES,
  ...["user", "assistant", "system", "tool", "tools", "messages", "text", "thinking", "ping", "error"],
  ...["id", "name", "input", "content", "signature"],
  ...["offline", "anthropic", "openai", "builtin", "stream", "results", "true", "false", "null"],
  ...[
    "Toolscope",
    "Anthropic",
    "OpenAI",
    "Claude",
    "Ollama",
    "LM",
    "Studio",
    "vLLM",
    "Chat",
    "Completions",
    "Responses",
    "Messages",
  ],
]);

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/u;

/** Whether a leftover Latin token is data, not prose. */
function isDataToken(token: string, extra: ReadonlySet<string>): boolean {
  if (!/\p{L}/u.test(token)) return true;
  if (/[_./:@#\d-]/.test(token) || /[a-z][A-Z]/.test(token)) return true;
  if (/^[A-Z]{2,6}s?$/.test(token)) return true;
  return VOCABULARY.has(token) || extra.has(token);
}

/** A checker for one locale's catalog plus the data strings of the pages under test. */
export function createTextChecker(locale: AppLocale, data: readonly string[], names: readonly string[] = []) {
  const messages = listStrings(readCatalog(locale)).map(readMessage);
  const patterns = messages.flatMap((message) => (message.pattern ? [message.pattern] : []));
  const fragments = [...new Set(messages.flatMap((message) => message.fragments))]
    .filter((fragment) => /\p{L}/u.test(fragment))
    .sort((a, b) => b.length - a.length);
  const normalized = data.map((text) => text.replace(/\s+/g, " ").trim());
  const whole = new Set(normalized);
  const corpus = normalized.join("\n");
  const extra = new Set(names);
  for (const name of Object.values(LOCALE_NAMES)) whole.add(name);

  /** Why `text` is not catalog text, or null when it is fine. */
  return function explainText(text: string): string | null {
    if (patterns.some((pattern) => pattern.test(text))) return null;
    const bare = text.replace(/…$/, "");
    // A short text must be a whole data string; a long one may be a clipped part of one.
    if (whole.has(text) || (bare.length >= 12 && corpus.includes(bare))) return null;
    const quoted = /^"(.+)"$/.exec(bare)?.[1];
    if (quoted !== undefined && corpus.includes(quoted)) return null;
    let rest = text;
    for (const fragment of fragments) {
      if (!rest.includes(fragment)) continue;
      const escaped = fragment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const edge = (char: string) => (/[A-Za-z]/.test(char) ? "(?<![A-Za-z])" : "");
      const tail = (char: string) => (/[A-Za-z]/.test(char) ? "(?![A-Za-z])" : "");
      const bounded = new RegExp(`${edge(fragment[0]!)}${escaped}${tail(fragment.at(-1)!)}`, "gu");
      rest = rest.replace(bounded, " ");
    }
    if (CJK.test(rest)) return `CJK text outside the catalog: "${rest.trim()}"`;
    const prose = rest.split(/[^\p{L}\p{N}_./:@#-]+/u).filter((token) => token && !isDataToken(token, extra));
    return prose.length > 0 ? `untranslated words: ${prose.join(", ")}` : null;
  };
}

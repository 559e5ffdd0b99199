/**
 * The UI language a browser asks for (RFC 9110 `Accept-Language`), used when the person has not
 * picked one with the language switch. Pure: `i18n/request.ts` passes the header in.
 */
import { DEFAULT_LOCALE, type AppLocale } from "./locales";

/** One language range of the header and its weight (`q`, 1 when absent). */
interface LanguageRange {
  tag: string;
  weight: number;
}

/** The ranges of an `Accept-Language` value in the order given; malformed weights count as 0. */
export function parseAcceptLanguage(header: string): LanguageRange[] {
  return header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => param.trim()).find((param) => param.toLowerCase().startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0 };
    })
    .filter((range) => range.tag.length > 0);
}

/** The app's locale for one language tag: `zh*` → zh, `en*` → en, anything else none. */
function matchLocale(tag: string): AppLocale | null {
  if (tag === "zh" || tag.startsWith("zh-")) return "zh";
  if (tag === "en" || tag.startsWith("en-")) return "en";
  return null;
}

/**
 * The first of our locales the header accepts, by weight (ties keep the header's order); a `*`
 * or no match gives the default (English). `q=0` means "not this one" and is skipped.
 */
export function pickLocaleFromAcceptLanguage(header: string | null | undefined): AppLocale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = parseAcceptLanguage(header)
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  for (const { tag } of ranges) {
    if (tag === "*") return DEFAULT_LOCALE;
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/**
 * The UI languages. The chosen one lives in a cookie (no locale routing), read by
 * `i18n/request.ts` on the server and written by the language switch in the browser.
 */
export const LOCALES = ["en", "zh"] as const;
export type AppLocale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: AppLocale = "en";
export const LOCALE_COOKIE = "toolscope_locale";

/** Each language named in itself, as a language switch shows it. */
export const LOCALE_NAMES: Record<AppLocale, string> = { en: "English", zh: "中文" };

export function isLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

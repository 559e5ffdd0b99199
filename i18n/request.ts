import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { pickLocaleFromAcceptLanguage } from "./accept-language";
import { readCatalog } from "./catalogs";
import { LOCALE_COOKIE, isLocale } from "./locales";

/**
 * The locale comes from the `toolscope_locale` cookie (the language switch's choice); without
 * one, from the browser's `Accept-Language` (zh* → Chinese), else English.
 */
export default getRequestConfig(async () => {
  const requested = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(requested)
    ? requested
    : pickLocaleFromAcceptLanguage((await headers()).get("accept-language"));
  return { locale, messages: readCatalog(locale) };
});

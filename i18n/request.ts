import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { readCatalog } from "./catalogs";
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale } from "./locales";

/** The locale comes from the `toolscope_locale` cookie; anything else falls back to English. */
export default getRequestConfig(async () => {
  const requested = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return { locale, messages: readCatalog(locale) };
});

import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import type en from "@/messages/en.json";
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, type AppLocale } from "./locales";

const CATALOGS: Record<AppLocale, () => Promise<{ default: Messages }>> = {
  en: () => import("@/messages/en.json"),
  zh: () => import("@/messages/zh.json"),
};

type Messages = typeof en;

/** The locale comes from the `toolscope_locale` cookie; anything else falls back to English. */
export default getRequestConfig(async () => {
  const requested = (await cookies()).get(LOCALE_COOKIE)?.value;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const messages = (await CATALOGS[locale]()).default;
  return { locale, messages };
});

"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, type AppLocale } from "@/i18n/locales";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** Remembers the choice for a year; `i18n/request.ts` reads it on every request. */
function storeLocale(locale: AppLocale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

/** English / 中文: stores the choice in the locale cookie, then re-renders the page on the server. */
export function LanguageSwitch() {
  const t = useTranslations("Header");
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(locale: AppLocale) {
    if (locale === current) return;
    storeLocale(locale);
    startTransition(() => router.refresh());
  }

  return (
    <div role="group" aria-label={t("language")} className="language-switch" aria-busy={pending}>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale === "zh" ? "zh-CN" : locale}
          aria-pressed={locale === current}
          onClick={() => choose(locale)}
        >
          {LOCALE_NAMES[locale]}
        </button>
      ))}
    </div>
  );
}

import type messages from "@/messages/en.json";
import type { AppLocale } from "./locales";

/** Makes every `t("…")` key and the locale type-checked against the English catalog. */
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof messages;
  }
}

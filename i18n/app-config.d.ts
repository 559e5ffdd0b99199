import type { Messages } from "./catalogs";
import type { AppLocale } from "./locales";

/** Makes every `t("…")` key and the locale type-checked against the English catalog. */
declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: Messages;
  }
}

/**
 * The message catalogs: the core catalog plus one file per area (`messages/<area>.<locale>.json`),
 * merged into one object per locale. Areas own top-level namespaces that no other file uses.
 */
import coreEn from "@/messages/en.json";
import coreZh from "@/messages/zh.json";
import branchEn from "@/messages/branch.en.json";
import branchZh from "@/messages/branch.zh.json";
import lessonsEn from "@/messages/lessons.en.json";
import lessonsZh from "@/messages/lessons.zh.json";
import mcpEn from "@/messages/mcp.en.json";
import mcpZh from "@/messages/mcp.zh.json";
import type { AppLocale } from "./locales";

/** Every namespace of the English catalog; the type every `t("…")` key is checked against. */
export type Messages = typeof coreEn & typeof branchEn & typeof lessonsEn & typeof mcpEn;

const AREAS: Record<AppLocale, readonly object[]> = {
  en: [coreEn, branchEn, lessonsEn, mcpEn],
  zh: [coreZh, branchZh, lessonsZh, mcpZh],
};

/** The catalog files of `locale`, core first; each owns its top-level namespaces. */
export function listCatalogFiles(locale: AppLocale): readonly object[] {
  return AREAS[locale];
}

/** The whole catalog of `locale`: the core and every area, merged by namespace. */
export function readCatalog(locale: AppLocale): Messages {
  return Object.assign({}, ...AREAS[locale]) as Messages;
}

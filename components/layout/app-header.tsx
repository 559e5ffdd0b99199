import Link from "next/link";
import { useTranslations } from "next-intl";
import { LanguageSwitch } from "./language-switch";
import { ThemeToggle } from "./theme-toggle";

/** The bar at the top of every page: the app's name, the main links, the language switch and the theme toggle. */
export function AppHeader() {
  const t = useTranslations();
  return (
    <header className="app-header" data-testid="app-header">
      <Link href="/" className="app-name">
        {t("App.name")}
      </Link>
      <span className="app-tagline">{t("App.tagline")}</span>
      <nav aria-label={t("Header.nav")} className="app-nav">
        <Link href="/">{t("Header.sessions")}</Link>
        <Link href="/lessons" data-testid="lessons-link">
          {t("Lessons.title")}
        </Link>
        <Link href="/mcp" data-testid="mcp-link">
          {t("Header.mcp")}
        </Link>
        <Link href="/settings">{t("Header.settings")}</Link>
      </nav>
      <LanguageSwitch />
      <ThemeToggle />
    </header>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useEffect, useSyncExternalStore } from "react";
import { THEME_COOKIE } from "./theme-cookie";
import { useStoredValue } from "./use-stored-value";

type Theme = "light" | "dark";
const THEME_KEY = "toolscope.theme";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
const DARK_QUERY = "(prefers-color-scheme: dark)";

const parseTheme = (value: unknown): Theme | "system" | null =>
  value === "light" || value === "dark" || value === "system" ? value : null;

function subscribeToSystem(listener: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/**
 * Light or dark: follows `prefers-color-scheme` until the person picks one, then remembers the
 * choice (localStorage) and sets `data-theme` on `<html>`, which globals.css prefers over the
 * system setting. The choice is also kept in a cookie that the root layout reads, so a reload
 * renders in the chosen theme from the first paint.
 */
export function ThemeToggle() {
  const t = useTranslations("Debugger.theme");
  const [stored, setStored] = useStoredValue<Theme | "system">(THEME_KEY, "system", parseTheme);
  const systemDark = useSyncExternalStore(
    subscribeToSystem,
    () => window.matchMedia(DARK_QUERY).matches,
    () => false,
  );
  const effective: Theme = stored === "system" ? (systemDark ? "dark" : "light") : stored;

  useEffect(() => {
    const root = document.documentElement;
    if (stored === "system") delete root.dataset.theme;
    else root.dataset.theme = stored;
    document.cookie = `${THEME_COOKIE}=${stored}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  }, [stored]);

  const next: Theme = effective === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="theme-toggle"
      data-testid="theme-toggle"
      data-theme-current={effective}
      aria-label={t(next === "dark" ? "toDark" : "toLight")}
      title={t(next === "dark" ? "toDark" : "toLight")}
      onClick={() => setStored(next)}
    >
      <span aria-hidden="true">{effective === "dark" ? "☾" : "☀"}</span> {t(effective)}
    </button>
  );
}

import { useTranslations } from "next-intl";

/** Shown when the API answers 401: this browser has no launch-token cookie yet. */
export function LockedScreen() {
  const t = useTranslations("Locked");
  // Shown after the API answered 401, so always in the browser: the address this server is on.
  const origin = typeof window === "undefined" ? "http://127.0.0.1:3000" : window.location.origin;
  return (
    <section className="notice notice-locked" data-testid="locked" aria-labelledby="locked-title">
      <h1 id="locked-title">{t("title")}</h1>
      <p>{t.rich("body", { code: (chunks) => <code>{chunks}</code> })}</p>
      <p className="muted">{t("hint", { origin })}</p>
    </section>
  );
}

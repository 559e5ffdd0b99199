import { useTranslations } from "next-intl";

/** Shown when the API answers 401: this browser has no launch-token cookie yet. */
export function LockedScreen() {
  const t = useTranslations("Locked");
  return (
    <section className="notice notice-locked" data-testid="locked" aria-labelledby="locked-title">
      <h1 id="locked-title">{t("title")}</h1>
      <p>{t.rich("body", { code: (chunks) => <code>{chunks}</code> })}</p>
      <p className="muted">{t("hint")}</p>
    </section>
  );
}

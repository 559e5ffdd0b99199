import Link from "next/link";
import { useTranslations } from "next-intl";

/** "Not found", for an unknown address or (with `sessionId`) a session the API does not know. */
export function NotFoundState({ sessionId }: { sessionId?: string }) {
  const t = useTranslations();
  return (
    <section className="notice" data-testid="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{sessionId ? t("NotFound.sessionTitle") : t("NotFound.title")}</h1>
      <p>{sessionId ? t("NotFound.sessionBody", { id: sessionId }) : t("NotFound.body")}</p>
      <p>
        <Link href="/">{t("Common.backToSessions")}</Link>
      </p>
    </section>
  );
}

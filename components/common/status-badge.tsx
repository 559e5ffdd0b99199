import { useTranslations } from "next-intl";
import type { SessionStatus } from "@/lib/trace/status";

/** A session's status (derived from its log), as a coloured badge with an explanation on hover. */
export function StatusBadge({ status }: { status: SessionStatus }) {
  const t = useTranslations("Status");
  return (
    <span
      className={`status-badge status-${status}`}
      data-testid="status"
      data-status={status}
      title={t(`hint.${status}`)}
    >
      <span className="visually-hidden">{t("label")}: </span>
      {t(status)}
    </span>
  );
}

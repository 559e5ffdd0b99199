import { useTranslations } from "next-intl";

/** A file name from a title: letters, digits and dashes, never empty. */
export function describeExportName(title: string, id: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `toolscope-${slug || id}.json`;
}

/** "Export": downloads `GET /api/sessions/:id/export` as a `.json` file that Import reads back. */
export function ExportLink({ id, title }: { id: string; title: string }) {
  const t = useTranslations("Export");
  return (
    <a
      className="button-link"
      href={`/api/sessions/${encodeURIComponent(id)}/export`}
      download={describeExportName(title, id)}
      data-testid="export-session"
      title={t("hint")}
      aria-label={t("label", { title: title || id })}
    >
      {t("button")}
    </a>
  );
}

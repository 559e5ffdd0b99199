import { useTranslations } from "next-intl";
import { SESSION_SOURCES, type SessionSource } from "./use-sessions";

/** All sessions, or only those of one source: Toolscope's own runs, captures of a client's traffic, imports. */
export function SourceFilter({
  value,
  onChange,
}: {
  value: SessionSource | null;
  onChange: (source: SessionSource | null) => void;
}) {
  const t = useTranslations("Sessions.source");
  const choices: (SessionSource | null)[] = [null, ...SESSION_SOURCES];
  return (
    <div className="segmented source-filter" role="group" aria-label={t("filterLabel")}>
      {choices.map((source) => (
        <button
          key={source ?? "all"}
          type="button"
          aria-pressed={source === value}
          data-testid={`source-filter-${source ?? "all"}`}
          onClick={() => onChange(source)}
        >
          {t(source ?? "all")}
        </button>
      ))}
    </div>
  );
}

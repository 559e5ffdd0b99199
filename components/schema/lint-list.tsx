import { useTranslations } from "next-intl";
import { groupDiagnosticsByProvider, type Diagnostic } from "./group-diagnostics";

interface LintListProps {
  /** The latest answer, or `null` before the first one. */
  diagnostics: readonly Diagnostic[] | null;
  pending: boolean;
  /** The definition no longer parses: these findings are for the last one that did. */
  stale: boolean;
  /** Why lint could not run (the server's words), if it could not. */
  error: string | null;
}

/** Lint findings grouped by provider — shared ones first — each with its rule id, path and fix. */
export function LintList({ diagnostics, pending, stale, error }: LintListProps) {
  const t = useTranslations("Tools.lint");
  const groups = groupDiagnosticsByProvider(diagnostics ?? []);
  return (
    <section className="lint-list" data-testid="lint-list" aria-busy={pending} aria-label={t("heading")}>
      <h3>
        {t("heading")} {pending ? <span className="muted">{t("pending")}</span> : null}
      </h3>
      {stale && diagnostics !== null ? <p className="muted">{t("stale")}</p> : null}
      {error ? (
        <p className="warning" role="alert">
          {t("failed", { message: error })}
        </p>
      ) : null}
      {diagnostics !== null && groups.length === 0 ? <p className="muted">{t("clean")}</p> : null}
      {groups.map((group) => (
        <div key={group.id} className="lint-group" data-provider={group.id}>
          <h4>{t(`group.${group.id}`)}</h4>
          <ul>
            {group.diagnostics.map((diagnostic, index) => (
              <li
                key={`${diagnostic.rule}${diagnostic.path}${index}`}
                className="lint-item"
                data-testid="lint-item"
                data-rule={diagnostic.rule}
                data-severity={diagnostic.severity}
              >
                <span className="lint-severity">{t(`severity.${diagnostic.severity}`)}</span>{" "}
                <code>{diagnostic.rule}</code> <code className="muted">{diagnostic.path || "/"}</code>
                <p>{diagnostic.message}</p>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

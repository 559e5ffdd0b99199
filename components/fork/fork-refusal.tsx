import { useTranslations } from "next-intl";
import { isApiError } from "@/components/data/api";
import { readForkRefusal } from "./use-fork";

/**
 * Why the server refused the fork, in full: its message, the field it names (`/edits/policy/…`),
 * the pairing doctor's findings for edited messages (each rule, where, and what is wrong), or
 * the seqs a fork may use. Nothing was created.
 */
export function ForkRefusalMessage({ error }: { error: unknown }) {
  const t = useTranslations("Fork");
  if (!error) return null;
  const message = isApiError(error, 0)
    ? t("refusal.network")
    : error instanceof Error
      ? error.message
      : String(error);
  const refusal = readForkRefusal(error);
  return (
    <div className="inline-error fork-refusal" role="alert" data-testid="fork-error">
      <p>{t("failed", { message })}</p>
      {isApiError(error) && error.path ? (
        <p data-testid="fork-error-path">{t("refusal.field", { path: error.path })}</p>
      ) : null}
      {refusal.problems.length > 0 ? (
        <>
          <p>{t("refusal.doctor", { count: refusal.problems.length })}</p>
          <ul data-testid="fork-doctor-problems">
            {refusal.problems.map((problem, index) => (
              <li key={index} data-testid="fork-doctor-problem" data-rule={problem.rule}>
                <code>{problem.rule}</code>{" "}
                <span className="muted">
                  {problem.blockIndex === undefined
                    ? t("refusal.atMessage", { message: problem.messageIndex + 1 })
                    : t("refusal.atBlock", {
                        message: problem.messageIndex + 1,
                        block: problem.blockIndex + 1,
                      })}
                </span>{" "}
                {problem.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {refusal.validSeqs.length > 0 ? (
        <p>{t("refusal.validSeqs", { seqs: refusal.validSeqs.join(", ") })}</p>
      ) : null}
      <p className="muted">{t("refusal.nothingCreated")}</p>
    </div>
  );
}

import { useTranslations } from "next-intl";
import type { ValidationReply } from "./use-controls";

/** A validation verdict from the server: valid, or each problem with its JSON Pointer. */
export function ValidationResult({ result, testId }: { result: ValidationReply; testId: string }) {
  const t = useTranslations("Controls.approval");
  if (result.valid)
    return (
      <p className="validation validation-ok" data-testid={testId} data-valid="true">
        {t("valid")}
      </p>
    );
  return (
    <div className="validation validation-error" data-testid={testId} data-valid="false">
      <p>{t("invalid")}</p>
      <ul>
        {result.errors.map((error, index) => (
          <li key={index}>
            <code>{error.path || "/"}</code> {error.message} <span className="muted">({error.keyword})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

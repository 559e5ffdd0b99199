import { useTranslations } from "next-intl";
import { useId } from "react";
import type { PolicyConfig } from "@/lib/trace/config";
import type { PolicyEditProblem } from "./fork-config-edits";

interface ForkPolicyFieldProps {
  policy: PolicyConfig;
  text: string | null;
  onText: (text: string | null) => void;
  problem: PolicyEditProblem | null;
  /** The field the server refused (`/edits/policy/...`), when it refused one. */
  refusedPath: string | null;
  disabled: boolean;
}

/**
 * The child's policy as JSON (PolicyConfig, docs/api.md). Text that is not a JSON object keeps the
 * text and says why; a field the server refuses is named (`/edits/policy/batch: …`).
 */
export function ForkPolicyField({
  policy,
  text,
  onText,
  problem,
  refusedPath,
  disabled,
}: ForkPolicyFieldProps) {
  const t = useTranslations("Fork.policy");
  const id = useId();
  return (
    <div className="fork-policy" data-testid="fork-policy">
      <label htmlFor={id}>{t("label")}</label>
      <textarea
        id={id}
        rows={8}
        spellCheck={false}
        disabled={disabled}
        data-testid="fork-policy-text"
        aria-invalid={problem !== null || refusedPath !== null}
        value={text ?? JSON.stringify(policy, null, 2)}
        onChange={(event) => onText(event.target.value)}
      />
      <p className="muted">{t("hint")}</p>
      {problem ? (
        <p className="inline-error" role="alert" data-testid="fork-policy-problem">
          {problem.reason === "json" ? t("json", { detail: problem.detail }) : t("notObject")}
        </p>
      ) : null}
      {refusedPath ? (
        <p className="inline-error" data-testid="fork-policy-refused">
          {t("refused", { path: refusedPath })}
        </p>
      ) : null}
      {text !== null ? (
        <button
          type="button"
          data-testid="fork-policy-reset"
          disabled={disabled}
          onClick={() => onText(null)}
        >
          {t("reset")}
        </button>
      ) : null}
    </div>
  );
}

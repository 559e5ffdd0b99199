import { useTranslations } from "next-intl";
import { useId } from "react";

/** The drafts of one provider's default model and base URL, as typed. */
export interface DefaultsDraft {
  model: string;
  baseURL: string;
}

/** Default model and base URL inputs for one provider (Anthropic, OpenAI Chat or Responses). */
export function DefaultsFields({
  draft,
  modelExample,
  baseUrlHint,
  disabled,
  onChange,
}: {
  draft: DefaultsDraft;
  modelExample: string;
  baseUrlHint: string;
  disabled: boolean;
  onChange: (draft: DefaultsDraft) => void;
}) {
  const t = useTranslations("Settings");
  const modelId = useId();
  const urlId = useId();
  const hintId = useId();
  return (
    <div className="defaults-fields">
      <label htmlFor={modelId}>{t("modelLabel")}</label>
      <input
        id={modelId}
        type="text"
        value={draft.model}
        maxLength={200}
        disabled={disabled}
        placeholder={t("modelPlaceholder", { example: modelExample })}
        data-testid="model-input"
        onChange={(event) => onChange({ ...draft, model: event.target.value })}
      />
      <label htmlFor={urlId}>{t("baseUrlLabel")}</label>
      <input
        id={urlId}
        type="text"
        inputMode="url"
        value={draft.baseURL}
        maxLength={2000}
        disabled={disabled}
        placeholder="https://…"
        aria-describedby={hintId}
        data-testid="base-url-input"
        onChange={(event) => onChange({ ...draft, baseURL: event.target.value })}
      />
      <p id={hintId} className="muted field-hint">
        {baseUrlHint}
      </p>
    </div>
  );
}

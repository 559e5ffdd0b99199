import { useTranslations } from "next-intl";
import { useId, type RefObject } from "react";
import type { KeyStatus } from "./use-settings";

/**
 * A provider key's status (masked preview and where it comes from) and a password input to enter
 * or replace it. The input is uncontrolled, so the key never becomes a React prop or a DOM
 * attribute; the card reads it on save and empties it.
 */
export function KeyField({
  status,
  inputRef,
  busy,
  onClear,
  onEdit,
}: {
  status: KeyStatus;
  inputRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  onClear: () => void;
  onEdit: () => void;
}) {
  const t = useTranslations("Settings");
  const inputId = useId();
  const hintId = useId();
  const fromEnv = status.keySource === "env";
  const preview = status.keyPreview ?? t("keyHidden");

  return (
    <div className="key-field">
      <p className="key-status" data-testid="key-status" data-key-source={status.keySource ?? "none"}>
        {status.keySource === null
          ? t("keyNone")
          : fromEnv
            ? t("keyFromEnv", { envVar: status.envVar, preview })
            : t("keyFromSettings", { preview, envVar: status.envVar })}
      </p>
      {fromEnv && status.settingsKeySet ? (
        <p className="muted">{t("storedButOverridden", { envVar: status.envVar })}</p>
      ) : null}
      <label htmlFor={inputId}>{t("keyLabel")}</label>
      <div className="key-row">
        <input
          id={inputId}
          ref={inputRef}
          type="password"
          name="api-key"
          autoComplete="off"
          spellCheck={false}
          maxLength={512}
          disabled={fromEnv || busy}
          aria-describedby={fromEnv ? hintId : undefined}
          placeholder={status.settingsKeySet ? t("keyPlaceholderReplace") : t("keyPlaceholderNew")}
          data-testid="key-input"
          onChange={onEdit}
        />
        {status.settingsKeySet ? (
          <button type="button" className="danger" data-testid="clear-key" disabled={busy} onClick={onClear}>
            {t("clearKey")}
          </button>
        ) : null}
      </div>
      {fromEnv ? (
        <p id={hintId} className="muted">
          {t("keyEnvDisabled", { envVar: status.envVar })}
        </p>
      ) : null}
    </div>
  );
}

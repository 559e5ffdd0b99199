import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { isApiError } from "@/components/data/api";
import { useSettings, type SettingsView } from "@/components/settings/use-settings";
import { useProviderReason } from "@/components/settings/provider-reason";
import type { ProviderConfig, ProviderKind } from "@/lib/trace/config";

export type WireFormat = NonNullable<ProviderConfig["wire"]>;

/** The new-session form's provider choice, as typed. */
export interface ProviderChoice {
  kind: ProviderKind;
  /** Offline only: the wire format the model speaks. */
  wire: WireFormat;
  /** Offline only: events per second, as typed ("" or "0" = as fast as possible). */
  pace: string;
}

export const DEFAULT_PROVIDER_CHOICE: ProviderChoice = { kind: "offline", wire: "anthropic", pace: "0" };

const REAL_KINDS = ["anthropic", "openai-chat", "openai-responses"] as const;
const WIRES: readonly WireFormat[] = ["anthropic", "openai-chat", "openai-responses"];
const LABEL_KEYS = {
  offline: "providerOffline",
  anthropic: "providerAnthropic",
  "openai-chat": "providerOpenaiChat",
  "openai-responses": "providerOpenaiResponses",
} as const;

/**
 * The session's `provider` for `POST /api/sessions`: nothing for the default (offline, anthropic
 * wire, full speed); a real provider takes its default model and base URL from the settings.
 */
export function buildProviderConfig(
  choice: ProviderChoice,
  settings: SettingsView | undefined,
): ProviderConfig | undefined {
  if (choice.kind === "offline") {
    const pace = Number(choice.pace.trim() || "0");
    if (choice.wire === "anthropic" && pace === 0) return undefined;
    return {
      kind: "offline",
      ...(choice.wire === "anthropic" ? {} : { wire: choice.wire }),
      ...(pace === 0 ? {} : { pace }),
    };
  }
  const status = settings?.providers[choice.kind];
  return {
    kind: choice.kind,
    ...(status?.model ? { model: status.model } : {}),
    ...(status?.baseURL ? { baseURL: status.baseURL } : {}),
  };
}

/** Provider, wire format and pace inputs; a provider that cannot run is disabled, with the server's reason. */
export function ProviderFields({
  choice,
  disabled,
  onChange,
}: {
  choice: ProviderChoice;
  disabled: boolean;
  onChange: (choice: ProviderChoice) => void;
}) {
  const t = useTranslations("Sessions");
  const settings = useSettings();
  const explain = useProviderReason();
  const ids = { provider: useId(), wire: useId(), pace: useId(), paceHint: useId() };
  const unavailable = REAL_KINDS.flatMap((kind) => {
    const status = settings.data?.providers[kind];
    if (status?.runnable) return [];
    const reason =
      status && !status.keySet
        ? t("providerNoKey", { envVar: status.envVar })
        : status
          ? explain(status)
          : settings.isPending
            ? t("providerChecking")
            : t("providerUnknown");
    return [{ kind, reason }];
  });
  const isUnavailable = (kind: ProviderKind) => unavailable.some((entry) => entry.kind === kind);

  return (
    <div className="provider-fields">
      <div className="provider-field">
        <label htmlFor={ids.provider}>{t("providerLabel")}</label>
        <select
          id={ids.provider}
          value={choice.kind}
          disabled={disabled}
          data-testid="provider-select"
          onChange={(event) => onChange({ ...choice, kind: event.target.value as ProviderKind })}
        >
          <option value="offline">{t(LABEL_KEYS.offline)}</option>
          {REAL_KINDS.map((kind) => (
            <option key={kind} value={kind} disabled={isUnavailable(kind)}>
              {isUnavailable(kind)
                ? t("providerUnavailable", { provider: t(LABEL_KEYS[kind]) })
                : t(LABEL_KEYS[kind])}
            </option>
          ))}
        </select>
      </div>
      {choice.kind === "offline" ? (
        <>
          <div className="provider-field">
            <label htmlFor={ids.wire}>{t("wireLabel")}</label>
            <select
              id={ids.wire}
              value={choice.wire}
              disabled={disabled}
              data-testid="wire-select"
              onChange={(event) => onChange({ ...choice, wire: event.target.value as WireFormat })}
            >
              {WIRES.map((wire) => (
                <option key={wire} value={wire}>
                  {t(LABEL_KEYS[wire])}
                </option>
              ))}
            </select>
          </div>
          <div className="provider-field">
            <label htmlFor={ids.pace}>{t("paceLabel")}</label>
            <input
              id={ids.pace}
              type="number"
              min={0}
              max={1000}
              step="any"
              inputMode="decimal"
              value={choice.pace}
              disabled={disabled}
              aria-describedby={ids.paceHint}
              data-testid="pace-input"
              onChange={(event) => onChange({ ...choice, pace: event.target.value })}
            />
          </div>
          <p id={ids.paceHint} className="muted provider-hint">
            {t("paceHint")}
          </p>
        </>
      ) : null}
      {unavailable.length > 0 ? (
        <ul className="provider-reasons muted" data-testid="provider-reasons">
          {settings.isError && !isApiError(settings.error, 401) ? (
            <li>{t("settingsUnreadable", { message: settings.error.message })}</li>
          ) : null}
          {unavailable.map(({ kind, reason }) => (
            <li key={kind}>{t("providerReason", { provider: t(LABEL_KEYS[kind]), reason })}</li>
          ))}
          <li>
            <Link href="/settings">{t("setKeys")}</Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

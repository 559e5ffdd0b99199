"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { ErrorState, LoadingState } from "@/components/common/query-states";
import { DEFAULT_ANTHROPIC_MODEL } from "@/lib/contract/models";
import { CaptureCard } from "./capture-card";
import { ProviderCard } from "./provider-card";
import { SignOutCard } from "./sign-out-card";
import { useSettings } from "./use-settings";
import "./settings.css";

/**
 * `/settings`: one card per key — its masked status, and each provider's default model and base
 * URL (the OpenAI-compatible capture upstream's card has its key only) — and the Capture section.
 */
export function SettingsScreen() {
  const t = useTranslations();
  const settings = useSettings();

  return (
    <div className="page settings-page">
      <p>
        <Link href="/">{t("Common.backToSessions")}</Link>
      </p>
      <h1>{t("Settings.title")}</h1>
      <p className="muted">{t("Settings.intro")}</p>
      {settings.isPending ? (
        <LoadingState />
      ) : settings.isError ? (
        <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <div className="settings-cards">
          <ProviderCard
            title={t("Settings.anthropicTitle")}
            keyName="anthropic"
            keyStatus={settings.data.providers.anthropic}
            sections={[
              {
                kind: "anthropic",
                status: settings.data.providers.anthropic,
                modelExample: DEFAULT_ANTHROPIC_MODEL,
                baseUrlHint: t("Settings.anthropicBaseUrlHint"),
              },
            ]}
          />
          <ProviderCard
            title={t("Settings.openaiTitle")}
            keyName="openai"
            keyStatus={settings.data.providers.openai}
            note={t("Settings.openaiShared")}
            sections={[
              {
                kind: "openai-chat",
                heading: t("Settings.chatTitle"),
                status: settings.data.providers["openai-chat"],
                modelExample: "gpt-4.1",
                baseUrlHint: t("Settings.openaiBaseUrlHint"),
              },
              {
                kind: "openai-responses",
                heading: t("Settings.responsesTitle"),
                status: settings.data.providers["openai-responses"],
                modelExample: "gpt-5",
                baseUrlHint: t("Settings.openaiBaseUrlHint"),
              },
            ]}
          />
          <ProviderCard
            title={t("Settings.compatTitle")}
            keyName="openai-compatible"
            keyStatus={settings.data.providers["openai-compatible"]}
            note={t("Settings.compatNote")}
            sections={[]}
          />
          <CaptureCard />
          <SignOutCard />
        </div>
      )}
    </div>
  );
}

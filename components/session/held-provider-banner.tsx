"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { InlineError } from "@/components/common/query-states";
import { requestJson } from "@/components/data/api";
import type { ConfiguredSession, TrustedProvider } from "@/lib/contract/sessions";
import type { ProviderConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { findHeldProviderURL } from "@/lib/trace/provider-trust";

const sessionUrl = (id: string) => `/api/sessions/${encodeURIComponent(id)}`;

/**
 * Shown while the session's provider would send its requests to a base URL an import brought
 * (docs/architecture.md, "Security"): which URL, why no run goes there, and the two ways on —
 * trust it (`POST .../provider/trust {}`) or drop it for the provider's own default
 * (`PATCH { provider }` without `baseURL`). Both answers come back as events, which hide it.
 */
export function HeldProviderBanner({
  sessionId,
  events,
  provider,
}: {
  sessionId: string;
  events: readonly TraceEvent[];
  provider: ProviderConfig | null;
}) {
  const t = useTranslations("Session.heldProvider");
  const trust = useMutation({
    mutationFn: () =>
      requestJson<TrustedProvider>(`${sessionUrl(sessionId)}/provider/trust`, { method: "POST", body: {} }),
  });
  const useDefault = useMutation({
    mutationFn: (withoutURL: ProviderConfig) =>
      requestJson<ConfiguredSession>(sessionUrl(sessionId), {
        method: "PATCH",
        body: { provider: withoutURL },
      }),
  });
  const held = findHeldProviderURL(events);
  if (!held || !provider) return null;
  const { baseURL: _baseURL, ...withoutURL } = provider;
  const pending = trust.isPending || useDefault.isPending;
  return (
    <section
      className="held-provider"
      role="region"
      aria-labelledby="held-provider-title"
      data-testid="held-provider"
      data-base-url={held.baseURL}
    >
      <h2 id="held-provider-title">{t("title", { baseURL: held.baseURL })}</h2>
      <p>{t("why", { kind: provider.kind })}</p>
      <div className="held-provider-actions">
        <button
          type="button"
          data-testid="held-provider-trust"
          disabled={pending}
          onClick={() => trust.mutate()}
        >
          {trust.isPending ? t("pending") : t("trust")}
        </button>
        <button
          type="button"
          data-testid="held-provider-default"
          disabled={pending}
          onClick={() => useDefault.mutate(withoutURL)}
        >
          {t("useDefault")}
        </button>
      </div>
      <InlineError error={trust.error ?? useDefault.error} />
    </section>
  );
}

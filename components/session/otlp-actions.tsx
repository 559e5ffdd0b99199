"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { InlineError } from "@/components/common/query-states";
import { requestJson } from "@/components/data/api";
import type { OtlpSendReply } from "@/lib/contract/otlp";
import type { SessionStatus } from "@/lib/trace/status";

interface OtlpActionsProps {
  sessionId: string;
  status: SessionStatus;
  /** Nothing to export yet (only the session's creation). */
  empty: boolean;
}

/**
 * "Export to OTLP": send the session's spans to the collector the server is configured with, or
 * download them as an OTLP/JSON file (docs/api.md, "OpenTelemetry"). Both wait for a live run to end.
 */
export function OtlpActions({ sessionId, status, empty }: OtlpActionsProps) {
  const t = useTranslations("Otlp");
  const url = `/api/sessions/${encodeURIComponent(sessionId)}/otlp`;
  const send = useMutation({
    mutationFn: () => requestJson<OtlpSendReply>(url, { method: "POST", body: {} }),
  });
  const live = status === "running" || status === "paused";
  if (empty) return null;
  return (
    <div className="otlp-actions" role="group" aria-label={t("label")}>
      <button
        type="button"
        data-testid="otlp-send"
        disabled={live || send.isPending}
        title={live ? t("waitForRun") : t("sendHint")}
        onClick={() => send.mutate()}
      >
        {send.isPending ? t("sending") : t("send")}
      </button>
      {live ? (
        <span className="muted">{t("waitForRun")}</span>
      ) : (
        <a className="button-link" href={url} download data-testid="otlp-download" title={t("downloadHint")}>
          {t("download")}
        </a>
      )}
      {send.isSuccess ? (
        <p className="muted" role="status" data-testid="otlp-sent">
          {t("sent", { spans: send.data.spans, endpoint: send.data.endpoint })}
        </p>
      ) : null}
      <InlineError error={send.error} />
    </div>
  );
}

"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorState, InlineError, LoadingState } from "@/components/common/query-states";
import { requestJson } from "@/components/data/api";
import type { CaptureView } from "@/lib/contract/capture";
import type { CaptureKey } from "@/lib/contract/capture-key";

export const captureKey = ["capture"] as const;

/** What stands for the key until a person asks to see it: the token is never part of the page. */
export const HIDDEN_KEY = "••••••••";

/** The lines to paste for one family of clients: its base URL and its API key. */
export function buildExportLines(prefix: "ANTHROPIC" | "OPENAI", baseURL: string, apiKey: string): string {
  return `export ${prefix}_BASE_URL=${baseURL}\nexport ${prefix}_API_KEY=${apiKey}`;
}

const fetchKey = () => requestJson<CaptureKey>("/api/capture/key", { method: "POST", body: {} });

function ExportBlock({
  id,
  title,
  lines,
  onCopy,
}: {
  id: string;
  title: string;
  lines: string;
  onCopy: () => Promise<void>;
}) {
  const t = useTranslations("Settings.capture");
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  return (
    <div className="capture-block" data-testid={`capture-block-${id}`}>
      <h3>{title}</h3>
      <pre className="capture-lines" data-testid={`capture-lines-${id}`}>
        {lines}
      </pre>
      <button
        type="button"
        data-testid={`capture-copy-${id}`}
        onClick={() => {
          setCopied(null);
          onCopy().then(
            () => setCopied("yes"),
            () => setCopied("failed"),
          );
        }}
      >
        {t("copy")}
      </button>{" "}
      {copied ? (
        <span role="status" className="muted" data-testid={`capture-copied-${id}`}>
          {copied === "yes" ? t("copied") : t("copyFailed")}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The Capture section: the exact `export …_BASE_URL=… …_API_KEY=…` lines to paste for Claude Code
 * and the Anthropic SDK, and for the OpenAI SDK (this server's own origin; the key shown only on
 * request), a copy button per block, and the default upstream (`GET/PUT /api/capture`).
 */
export function CaptureCard() {
  const t = useTranslations("Settings.capture");
  const queryClient = useQueryClient();
  const capture = useQuery({ queryKey: captureKey, queryFn: () => requestJson<CaptureView>("/api/capture") });
  const [apiKey, setApiKey] = useState<string | null>(null);
  const reveal = useMutation({ mutationFn: fetchKey, onSuccess: (reply) => setApiKey(reply.apiKey) });
  const choose = useMutation({
    mutationFn: (defaultUpstream: string) =>
      requestJson<CaptureView>("/api/capture", { method: "PUT", body: { defaultUpstream } }),
    onSuccess: (view) => queryClient.setQueryData(captureKey, view),
  });

  const copy = (prefix: "ANTHROPIC" | "OPENAI", baseURL: string) => async () => {
    const key = apiKey ?? (await fetchKey()).apiKey;
    await navigator.clipboard.writeText(buildExportLines(prefix, baseURL, key));
  };

  return (
    <section
      className="settings-card capture-card"
      aria-labelledby="capture-title"
      data-testid="capture-card"
    >
      <h2 id="capture-title">{t("title")}</h2>
      <p className="muted">{t("intro")}</p>
      {capture.isPending ? (
        <LoadingState />
      ) : capture.isError ? (
        <ErrorState error={capture.error} onRetry={() => void capture.refetch()} />
      ) : (
        <>
          <ExportBlock
            id="anthropic"
            title={t("anthropicTitle")}
            lines={buildExportLines("ANTHROPIC", capture.data.endpoints.anthropic, apiKey ?? HIDDEN_KEY)}
            onCopy={copy("ANTHROPIC", capture.data.endpoints.anthropic)}
          />
          <ExportBlock
            id="openai"
            title={t("openaiTitle")}
            lines={buildExportLines("OPENAI", capture.data.endpoints.openai, apiKey ?? HIDDEN_KEY)}
            onCopy={copy("OPENAI", capture.data.endpoints.openai)}
          />
          <p>
            {apiKey === null ? (
              <button
                type="button"
                data-testid="capture-show-key"
                disabled={reveal.isPending}
                onClick={() => reveal.mutate()}
              >
                {t("showKey")}
              </button>
            ) : (
              <button type="button" data-testid="capture-hide-key" onClick={() => setApiKey(null)}>
                {t("hideKey")}
              </button>
            )}{" "}
            <span className="muted">{t("keyHint")}</span>
          </p>
          <InlineError error={reveal.error} />
          <label className="capture-upstream">
            {t("upstreamLabel")}{" "}
            <select
              data-testid="capture-upstream"
              value={capture.data.defaultUpstream}
              disabled={choose.isPending}
              onChange={(event) => choose.mutate(event.target.value)}
            >
              {capture.data.upstreams.map((upstream) => (
                <option key={upstream.name} value={upstream.name} disabled={!upstream.ready}>
                  {upstream.ready
                    ? t("upstreamReady", { name: upstream.name, kind: upstream.kind })
                    : t("upstreamNotReady", { name: upstream.name, reason: upstream.reason ?? "" })}
                </option>
              ))}
            </select>
          </label>
          <p className="muted">{t("upstreamHint")}</p>
          <InlineError error={choose.error} />
        </>
      )}
    </section>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { InlineError } from "@/components/common/query-states";
import type { McpServerConfig } from "@/lib/trace/config";
import { McpFailure } from "./mcp-failure";
import { formatServers, parseServerConfig } from "./parse-server-config";
import type { ServerState } from "./server-states";
import { describeServer } from "./server-states";
import { useSaveMcpServers, useTrustMcpServers } from "./use-session-mcp";

interface McpServersSectionProps {
  sessionId: string;
  servers: Readonly<Record<string, McpServerConfig>>;
  states: readonly ServerState[];
  /** A run is live: the configuration cannot change now. */
  busy: boolean;
}

/**
 * The session's MCP servers: each with how to reach it and its state (connected, failed with the
 * error, not started yet, or untrusted — imported — with "Trust and start"), a Remove button, and
 * an editor for the whole `mcpServers` map, pasted or typed in Claude Code's shape.
 */
export function McpServersSection({ sessionId, servers, states, busy }: McpServersSectionProps) {
  const t = useTranslations("Mcp.session");
  const editorId = useId();
  const save = useSaveMcpServers(sessionId);
  const trust = useTrustMcpServers(sessionId);
  const [draft, setDraft] = useState<string | null>(null);
  const parsed = useMemo(() => (draft === null ? null : parseServerConfig(draft)), [draft]);
  const untrusted = states.some((state) => state.status === "untrusted");

  function remove(name: string) {
    const next = { ...servers };
    delete next[name];
    save.mutate(next);
  }

  function submit() {
    if (draft !== null && draft.trim() === "") return save.mutate({}, { onSuccess: () => setDraft(null) });
    if (!parsed?.ok) return;
    save.mutate(parsed.servers, { onSuccess: () => setDraft(null) });
  }

  return (
    <section className="mcp-servers" aria-labelledby={`${editorId}-heading`} data-testid="mcp-servers">
      <h3 id={`${editorId}-heading`}>{t("servers")}</h3>
      {states.length === 0 ? <p className="empty">{t("noServers")}</p> : null}
      <ul className="mcp-server-list">
        {states.map((state) => (
          <li
            key={state.name}
            className="mcp-server-row"
            data-testid="mcp-server"
            data-server={state.name}
            data-status={state.status}
          >
            <code>{state.name}</code>
            <span className={`graph-chip mcp-status-${state.status}`}>{t(`status.${state.status}`)}</span>
            {state.status === "connected" ? (
              <span className="muted">
                {t("connectedAs", {
                  name: state.serverInfo?.name ?? "?",
                  version: state.serverInfo?.version ?? "",
                  count: state.toolCount ?? 0,
                })}
              </span>
            ) : null}
            <code className="muted">{describeServer(state.config)}</code>
            <button
              type="button"
              disabled={busy || save.isPending}
              data-testid="mcp-server-remove"
              onClick={() => remove(state.name)}
            >
              {t("remove")}
            </button>
            {state.status === "failed" ? (
              <p className="inline-error" role="alert">
                {state.error}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {untrusted ? (
        <div className="notice" data-testid="mcp-untrusted">
          <p>{t("untrustedNote")}</p>
          <button
            type="button"
            className="primary"
            data-testid="mcp-trust"
            disabled={trust.isPending}
            onClick={() => trust.mutate()}
          >
            {trust.isPending ? t("trusting") : t("trust")}
          </button>
          <McpFailure error={trust.error} testId="mcp-trust-failure" />
        </div>
      ) : null}
      {draft === null ? (
        <button
          type="button"
          data-testid="mcp-servers-edit"
          disabled={busy}
          onClick={() => setDraft(formatServers(servers))}
        >
          {states.length === 0 ? t("add") : t("edit")}
        </button>
      ) : (
        <div className="mcp-servers-editor">
          <label htmlFor={editorId}>{t("editorLabel")}</label>
          <textarea
            id={editorId}
            className="mcp-config-text"
            data-testid="mcp-servers-text"
            rows={8}
            spellCheck={false}
            value={draft}
            aria-invalid={parsed !== null && !parsed.ok && draft.trim() !== ""}
            onChange={(event) => setDraft(event.target.value)}
          />
          {parsed && !parsed.ok && draft.trim() !== "" ? (
            <p className="inline-error" role="alert">
              {parsed.path ? <code>{parsed.path}</code> : null} {parsed.error}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button
              type="button"
              className="primary"
              data-testid="mcp-servers-save"
              disabled={busy || save.isPending || (draft.trim() !== "" && !parsed?.ok)}
              onClick={submit}
            >
              {save.isPending ? t("saving") : t("save")}
            </button>
            <button type="button" onClick={() => setDraft(null)}>
              {t("cancel")}
            </button>
          </div>
        </div>
      )}
      <InlineError error={save.error} />
    </section>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState, type FormEvent } from "react";
import { McpServersField } from "@/components/mcp/mcp-servers-field";
import { parseServerConfig } from "@/components/mcp/parse-server-config";
import { InlineError } from "@/components/common/query-states";
import { useSettings } from "@/components/settings/use-settings";
import { buildProviderConfig, DEFAULT_PROVIDER_CHOICE, ProviderFields } from "./provider-fields";
import { useCreateSession } from "./use-sessions";

/**
 * Creates a session (with an optional title, the provider: the offline model by default, in the
 * wire format and at the pace chosen, and optionally MCP servers pasted in Claude Code's shape)
 * and opens it. A refusal shows the server's own message.
 */
export function NewSessionForm() {
  const t = useTranslations("NewSession");
  const router = useRouter();
  const create = useCreateSession();
  const settings = useSettings();
  const [title, setTitle] = useState("");
  const [choice, setChoice] = useState(DEFAULT_PROVIDER_CHOICE);
  const inputId = useId();
  const [mcpText, setMcpText] = useState("");
  const mcp = useMemo(() => (mcpText.trim() === "" ? null : parseServerConfig(mcpText)), [mcpText]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mcp && !mcp.ok) return;
    const provider = buildProviderConfig(choice, settings.data);
    const trimmed = title.trim();
    create.mutate(
      {
        ...(trimmed ? { title: trimmed } : {}),
        ...(provider ? { provider } : {}),
        ...(mcp?.ok ? { mcpServers: mcp.servers } : {}),
      },
      { onSuccess: ({ id }) => router.push(`/sessions/${encodeURIComponent(id)}`) },
    );
  }

  return (
    <form className="new-session" onSubmit={submit} aria-label={t("heading")}>
      <label htmlFor={inputId}>{t("titleLabel")}</label>
      <div className="new-session-row">
        <input
          id={inputId}
          type="text"
          value={title}
          maxLength={200}
          placeholder={t("titlePlaceholder")}
          onChange={(event) => setTitle(event.target.value)}
        />
        <button
          type="submit"
          className="primary"
          data-testid="new-session"
          disabled={create.isPending || (mcp !== null && !mcp.ok)}
        >
          {create.isPending ? t("creating") : t("create")}
        </button>
      </div>
      <ProviderFields
        choice={choice}
        disabled={create.isPending}
        onChange={(next) => {
          setChoice(next);
          if (create.isError) create.reset();
        }}
      />
      <McpServersField text={mcpText} parsed={mcp} disabled={create.isPending} onChange={setMcpText} />
      <InlineError error={create.error} />
    </form>
  );
}

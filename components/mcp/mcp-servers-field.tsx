"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import type { ParsedServers } from "./parse-server-config";
import "./mcp.css";

interface McpServersFieldProps {
  text: string;
  parsed: ParsedServers | null;
  disabled: boolean;
  onChange: (text: string) => void;
}

/** The new-session form's optional MCP servers: a pasted `mcpServers` config, read as it is typed. */
export function McpServersField({ text, parsed, disabled, onChange }: McpServersFieldProps) {
  const t = useTranslations("Mcp.newSession");
  const id = useId();
  const names = parsed?.ok ? Object.keys(parsed.servers) : [];
  return (
    <details className="mcp-servers-field" open={text !== "" ? true : undefined}>
      <summary data-testid="new-session-mcp">{t("summary")}</summary>
      <label htmlFor={id}>{t("label")}</label>
      <textarea
        id={id}
        className="mcp-config-text"
        data-testid="new-session-mcp-servers"
        rows={5}
        spellCheck={false}
        disabled={disabled}
        value={text}
        aria-invalid={parsed !== null && !parsed.ok}
        onChange={(event) => onChange(event.target.value)}
      />
      {parsed === null ? (
        <p className="muted">{t("hint")}</p>
      ) : parsed.ok ? (
        <p className="muted">{t("ok", { names: names.join(", ") })}</p>
      ) : (
        <p className="inline-error" role="alert">
          {parsed.path ? <code>{parsed.path}</code> : null} {parsed.error}
        </p>
      )}
    </details>
  );
}

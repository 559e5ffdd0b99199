"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { InlineError } from "@/components/common/query-states";
import { requestJson } from "@/components/data/api";
import { useCreateSession } from "@/components/sessions/use-sessions";
import { InspectResult } from "./inspect-result";
import { McpFailure } from "./mcp-failure";
import { parseServerConfig } from "./parse-server-config";
import { useInspectServer } from "./use-mcp";
import "./mcp.css";

/** What the box shows while empty: a Claude Desktop entry (JSON, the same in every language). */
const PLACEHOLDER = JSON.stringify(
  {
    mcpServers: {
      filesystem: { command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] },
    },
  },
  null,
  2,
);

/**
 * `/mcp`: paste a server configuration as Claude Code or Claude Desktop keeps it, inspect one of
 * its servers (info, capabilities, every tool with its schemas, annotations, derived metadata
 * and lint), call a tool directly, or start an offline session with the servers.
 */
export function InspectScreen() {
  const t = useTranslations("Mcp");
  const router = useRouter();
  const configId = useId();
  const serverId = useId();
  const [text, setText] = useState("");
  const [picked, setPicked] = useState<string | null>(null);
  const parsed = useMemo(() => parseServerConfig(text), [text]);
  const names = parsed.ok ? Object.keys(parsed.servers) : [];
  const name = picked !== null && names.includes(picked) ? picked : (names[0] ?? null);
  const inspect = useInspectServer();
  const create = useCreateSession();
  const [inspected, setInspected] = useState<string | null>(null);

  function run() {
    if (!parsed.ok || name === null) return;
    setInspected(name);
    inspect.mutate(parsed.servers[name]!);
  }

  function startSession() {
    if (!parsed.ok) return;
    // Only the servers' tools: a session to see how they fare, with no built-in tool beside them.
    const body = {
      title: t("sessionTitle", { names: names.join(", ") }),
      tools: [],
      mcpServers: parsed.servers,
    };
    create.mutate(body, {
      onSuccess: ({ id }) => router.push(`/sessions/${encodeURIComponent(id)}`),
    });
  }

  const server = parsed.ok && inspected ? parsed.servers[inspected] : undefined;
  const callTool = (tool: string, args: unknown) =>
    server
      ? requestJson<unknown>("/api/mcp/call", {
          method: "POST",
          body: { server, name: tool, arguments: args },
        })
      : Promise.reject(new Error(t("call.changed")));

  return (
    <div className="page mcp-page" data-testid="mcp-page">
      <p>
        <Link href="/">{t("back")}</Link>
      </p>
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <div className="card mcp-config">
        <label htmlFor={configId}>{t("configLabel")}</label>
        <textarea
          id={configId}
          className="mcp-config-text"
          data-testid="mcp-config"
          rows={8}
          spellCheck={false}
          placeholder={PLACEHOLDER}
          value={text}
          aria-invalid={text.trim() !== "" && !parsed.ok}
          aria-describedby={`${configId}-status`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${configId}-status`} className="mcp-config-status" data-testid="mcp-config-status">
          {text.trim() === "" ? (
            <span className="muted">{t("configHint")}</span>
          ) : parsed.ok ? (
            <span>{t("configOk", { count: names.length, names: names.join(", ") })}</span>
          ) : (
            <span className="inline-error" role="alert">
              {parsed.path ? <code>{parsed.path}</code> : null} {parsed.error}
            </span>
          )}
        </p>
        <div className="mcp-config-actions">
          {names.length > 1 ? (
            <label htmlFor={serverId}>
              {t("serverLabel")}{" "}
              <select
                id={serverId}
                data-testid="mcp-server-pick"
                value={name ?? ""}
                onChange={(e) => setPicked(e.target.value)}
              >
                {names.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button
            type="button"
            className="primary"
            data-testid="mcp-inspect"
            disabled={!parsed.ok || inspect.isPending}
            onClick={run}
          >
            {inspect.isPending ? t("inspecting") : t("inspect")}
          </button>
          <button
            type="button"
            data-testid="mcp-start-session"
            disabled={!parsed.ok || create.isPending}
            onClick={startSession}
          >
            {create.isPending ? t("starting") : t("startSession")}
          </button>
        </div>
        <InlineError error={create.error} />
      </div>
      {inspect.isPending ? (
        <p className="loading" role="status" data-testid="mcp-connecting">
          {t("connecting", { name: inspected ?? "" })}
        </p>
      ) : null}
      {inspect.isError ? <McpFailure error={inspect.error} /> : null}
      {inspect.isSuccess && inspected ? (
        <InspectResult reply={inspect.data} serverName={inspected} onCall={callTool} />
      ) : null}
      {inspect.isIdle ? <p className="empty">{t("empty")}</p> : null}
    </div>
  );
}

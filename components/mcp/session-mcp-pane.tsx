"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { McpServerConfig } from "@/lib/trace/config";
import { projectWire, type WireFilter } from "./mcp-wire";
import { McpServersSection } from "./mcp-servers-section";
import { McpWireView } from "./mcp-wire-view";
import { readServerStates } from "./server-states";
import "./mcp.css";

interface SessionMcpPaneProps {
  sessionId: string;
  events: readonly { kind: string; seq: number }[];
  /** The timeline's cursor: the wire shows messages up to it. */
  upTo: number;
  servers: Readonly<Record<string, McpServerConfig>>;
  /** Servers an imported or forked session keeps as data until a person trusts them. */
  untrusted: readonly string[];
  busy: boolean;
  filter: WireFilter;
  onFilter: (filter: WireFilter) => void;
}

/** The session's MCP pane: its servers and their state, the JSON-RPC wire, and each server's stderr. */
export function SessionMcpPane(props: SessionMcpPaneProps) {
  const { sessionId, events, upTo, servers, untrusted, busy, filter, onFilter } = props;
  const t = useTranslations("Mcp.session");
  const states = useMemo(() => readServerStates(events, servers, untrusted), [events, servers, untrusted]);
  const rows = useMemo(() => projectWire(events, upTo), [events, upTo]);
  const withStderr = states.filter((state) => state.stderr);
  return (
    <div className="mcp-pane" data-testid="mcp-pane">
      <McpServersSection sessionId={sessionId} servers={servers} states={states} busy={busy} />
      <McpWireView rows={rows} filter={filter} onFilter={onFilter} />
      <section className="mcp-stderr-section" data-testid="mcp-stderr">
        <h3>{t("stderr")}</h3>
        {withStderr.length === 0 ? <p className="muted">{t("noStderr")}</p> : null}
        {withStderr.map((state) => (
          <details key={state.name} open>
            <summary>
              <code>{state.name}</code>
            </summary>
            <pre className="mcp-stderr">{state.stderr}</pre>
          </details>
        ))}
      </section>
    </div>
  );
}

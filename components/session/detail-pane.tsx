"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";

export type DetailMode = "stream" | "node" | "event" | "context" | "tools" | "mcp";

interface DetailPaneProps {
  mode: DetailMode;
  onMode: (mode: DetailMode) => void;
  /** What each mode shows; `node` is absent while there is no graph. */
  views: Partial<Record<DetailMode, ReactNode>>;
}

const MODES: readonly DetailMode[] = ["stream", "node", "event", "context", "tools", "mcp"];

/** The detail pane: the stream scrubber at the selected row, the selected graph node, the event at the cursor, the context diff of a turn's request, the session's tools, or its MCP servers and wire. */
export function DetailPane({ mode, onMode, views }: DetailPaneProps) {
  const t = useTranslations("Debugger.detail");
  const tTools = useTranslations("Tools");
  const tMcp = useTranslations("Mcp.session");
  const available = MODES.filter((m) => views[m] !== undefined);
  const shown = views[mode] !== undefined ? mode : (available[0] ?? "event");
  return (
    <div className="detail-pane" data-testid="detail-pane" data-mode={shown}>
      <header className="pane-header">
        <h2>{t("heading")}</h2>
        <div className="segmented" role="group" aria-label={t("modeLabel")}>
          {available.map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={m === shown}
              data-testid={`detail-mode-${m}`}
              onClick={() => onMode(m)}
            >
              {m === "tools" ? tTools("tab") : m === "mcp" ? tMcp("tab") : t(`mode.${m}`)}
            </button>
          ))}
        </div>
      </header>
      <div className="pane-scroll">{views[shown]}</div>
    </div>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { StreamFilter } from "./stream-filter";
import { StreamList } from "./stream-list";
import type { StreamView } from "./use-stream-view";
import "./stream.css";

interface StreamPanelProps {
  view: StreamView;
  /** The wire event the run is paused at, if it paused on one. */
  highlightSeq: number | null;
}

/** The raw SSE events of one turn: a turn selector, type filter chips and the virtualized list. */
export function StreamPanel({ view, highlightSeq }: StreamPanelProps) {
  const t = useTranslations("Stream");
  return (
    <div className="stream-panel" data-testid="stream-panel">
      <header className="pane-header">
        <h2>{t("heading")}</h2>
        <label className="stream-turn">
          <span>{t("turn")}</span>
          <select
            data-testid="stream-turn"
            value={view.pickedTurn === null ? "" : String(view.pickedTurn)}
            onChange={(event) => view.pickTurn(event.target.value === "" ? null : Number(event.target.value))}
          >
            <option value="">
              {view.turn === null ? t("latestNone") : t("latest", { turn: view.turn })}
            </option>
            {view.turns.map((turn) => (
              <option key={turn} value={turn}>
                {t("turnValue", { turn })}
              </option>
            ))}
          </select>
        </label>
        <span className="muted stream-count">
          {t("count", { shown: view.visible.length, total: view.rows.length })}
        </span>
      </header>
      <StreamFilter types={view.types} rows={view.rows} hidden={view.hidden} onToggle={view.toggleType} />
      <StreamList
        rows={view.visible}
        activePosition={view.active?.position ?? null}
        pinned={view.pinned}
        onSelect={view.select}
        highlightSeq={highlightSeq}
      />
    </div>
  );
}

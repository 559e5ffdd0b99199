"use client";

import { useTranslations } from "next-intl";

interface GraphToolbarProps {
  onZoom(factor: number): void;
  /** Frames the turn the graph opens on (the paused point, or the last turn with calls). */
  onFocus(): void;
  onFitAll(): void;
}

/** The graph's zoom buttons, in a bar above the canvas so they never cover a node. */
export function GraphToolbar({ onZoom, onFocus, onFitAll }: GraphToolbarProps) {
  const t = useTranslations("Graph");
  return (
    <div className="graph-toolbar" role="toolbar" aria-label={t("a11y.controls")} data-testid="graph-toolbar">
      <button
        type="button"
        onClick={() => onZoom(1 / 1.2)}
        aria-label={t("a11y.zoomOut")}
        title={t("a11y.zoomOut")}
      >
        −
      </button>
      <button
        type="button"
        onClick={() => onZoom(1.2)}
        aria-label={t("a11y.zoomIn")}
        title={t("a11y.zoomIn")}
      >
        +
      </button>
      <button type="button" onClick={onFocus} data-testid="graph-focus" title={t("toolbar.focusHint")}>
        {t("toolbar.focus")}
      </button>
      <button type="button" onClick={onFitAll} data-testid="graph-fit" title={t("a11y.fitView")}>
        {t("toolbar.fitAll")}
      </button>
    </div>
  );
}

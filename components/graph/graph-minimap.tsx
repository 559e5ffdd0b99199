"use client";

import { useTranslations } from "next-intl";
import { memo, useMemo, type KeyboardEvent, type MouseEvent } from "react";
import type { GraphLayout } from "@/lib/trace/graph/layout";
import type { PaneSize, Viewport } from "@/lib/trace/graph/viewport";
import { describeMinimapPaths } from "./minimap-paths";

interface GraphMinimapProps {
  layout: GraphLayout;
  view: Viewport;
  pane: PaneSize;
  /** Centres the view on this graph point. */
  onCentre(point: { x: number; y: number }): void;
  /** Frames the turn before (-1) or after (+1) the one in the middle of the view. */
  onStep(direction: -1 | 1): void;
}

const WIDTH = 56;

/**
 * The whole run in a strip beside the canvas (never over it): every turn's band and its lanes (one
 * path each, however long the run), and the part in view. A click centres the view there; Up and Down step from turn to turn.
 */
export const GraphMinimap = memo(function GraphMinimap({
  layout,
  view,
  pane,
  onCentre,
  onStep,
}: GraphMinimapProps) {
  const t = useTranslations("Graph.minimap");
  // Drawn again only when the layout changes: a pan or a zoom moves the view's box alone.
  const paths = useMemo(() => describeMinimapPaths(layout.turns), [layout.turns]);
  const height = Math.max(40, pane.height);
  const scale = Math.min((WIDTH - 8) / Math.max(1, layout.width), (height - 8) / Math.max(1, layout.height));
  const seen = {
    x: Math.max(0, -view.x / view.zoom),
    y: Math.max(0, -view.y / view.zoom),
    width: pane.width / view.zoom,
    height: pane.height / view.zoom,
  };
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    onCentre({ x: (event.clientX - rect.left - 4) / scale, y: (event.clientY - rect.top - 4) / scale });
  };
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
    event.preventDefault();
    onStep(event.key === "ArrowUp" ? -1 : 1);
  };
  return (
    <svg
      className="graph-minimap"
      data-testid="graph-minimap"
      width={WIDTH}
      height={height}
      role="slider"
      tabIndex={0}
      aria-label={t("label")}
      aria-valuemin={1}
      aria-valuemax={layout.turns.length}
      aria-valuenow={Math.max(1, layout.turns.filter((band) => band.y <= seen.y + seen.height / 2).length)}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <g transform={`translate(4 4) scale(${scale})`}>
        <path className="graph-minimap-band" d={paths.bands} />
        <path className="graph-minimap-lane" d={paths.lanes} />
        <rect
          className="graph-minimap-view"
          x={seen.x}
          y={seen.y}
          width={seen.width}
          height={seen.height}
          strokeWidth={1.5 / scale}
        />
      </g>
    </svg>
  );
});

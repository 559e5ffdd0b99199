"use client";

import { Background, ReactFlow, type Node } from "@xyflow/react";
import { useTranslations } from "next-intl";
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { GraphLayout, PlacedEdge } from "@/lib/trace/graph/layout";
import {
  boundingBox,
  centreOn,
  frameBox,
  selectWindow,
  ZOOM_LIMITS,
  zoomAt,
  type PaneSize,
  type Viewport,
} from "@/lib/trace/graph/viewport";
import { createCanvasItems } from "./canvas-items";
import { EDGE_TYPES } from "./flow-edge";
import { NODE_TYPES } from "./flow-node";
import { DECORATION_TYPES } from "./graph-decorations";
import { useSelectNode } from "./graph-context";
import { GraphLegend } from "./graph-legend";
import { GraphMinimap } from "./graph-minimap";
import { GraphToolbar } from "./graph-toolbar";

const TYPES = { ...NODE_TYPES, ...DECORATION_TYPES };

/** Until the canvas is measured (and on the server), a pane of this size is assumed. */
const FIRST_PANE: PaneSize = { width: 900, height: 420 };

interface FlowCanvasProps {
  layout: GraphLayout;
  /** The turn to open on (the paused point, or the last turn with calls). */
  focusTurn: number | null;
  /** Node ids to frame instead (the lesson guide's step), newline-joined; "" for none. */
  focusKey: string;
}

/** The box to frame: the wanted nodes' box, else the focus turn's band, as a key that changes with it. */
function describeTarget(layout: GraphLayout, focusTurn: number | null, focusKey: string): string {
  const wanted = new Set(focusKey ? focusKey.split("\n") : []);
  const box =
    (wanted.size === 0 ? null : boundingBox(layout.nodes.filter((node) => wanted.has(node.id)))) ??
    layout.turns.find((band) => band.turn === focusTurn) ??
    null;
  return box ? [box.x, box.y, box.width, box.height].join(",") : "";
}

/**
 * React Flow itself, with a controlled viewport: it opens framed on the focus turn at a readable
 * zoom, and is handed only the turns near the viewport (their nodes keep their objects while their
 * place holds). The toolbar, the minimap and the legend sit around the canvas, never over it.
 */
export const FlowCanvas = memo(function FlowCanvas({ layout, focusTurn, focusKey }: FlowCanvasProps) {
  const t = useTranslations("Graph.a11y");
  const select = useSelectNode();
  // React Flow gives a node pointer events only when something handles them: this click does.
  const onNodeClick = useCallback((_: unknown, node: Node) => select(node.id), [select]);
  const canvas = useRef<HTMLDivElement>(null);
  const [pane, setPane] = useState<PaneSize>(FIRST_PANE);
  // Every viewport change (a wheel, a drag, each frame of a pan) renders the canvas: the target
  // is looked up in the whole layout only when the layout or the focus changes.
  const targetKey = useMemo(() => describeTarget(layout, focusTurn, focusKey), [layout, focusTurn, focusKey]);
  const target = useMemo(() => {
    const [x, y, width, height] = targetKey.split(",").map(Number);
    return targetKey ? { x: x!, y: y!, width: width!, height: height! } : null;
  }, [targetKey]);
  const [view, setView] = useState<Viewport>(() =>
    target ? frameBox(target, pane) : { x: 0, y: 0, zoom: 1 },
  );

  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      if (width > 0 && height > 0)
        setPane((before) =>
          before.width === width && before.height === height ? before : { width, height },
        );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Frame the target whenever it or the pane changes (a live run adds calls, the cursor moves to
  // another turn) while rendering, not in an effect after the commit: a jump's first render then
  // hands React Flow the turns at the new target, not the old view's turns and then the new ones.
  const [framed, setFramed] = useState({ target, pane });
  if (framed.target !== target || framed.pane !== pane) {
    setFramed({ target, pane });
    if (target) setView(frameBox(target, pane));
  }

  const windowKey = selectWindow(layout.turns, view, pane, focusTurn).join(",");
  const [itemsOf] = useState(createCanvasItems);
  const labelEdge = useCallback(
    (edge: PlacedEdge) => t("edge", { source: edge.source, target: edge.target }),
    [t],
  );
  const items = useMemo(
    () => itemsOf(layout, windowKey ? windowKey.split(",").map(Number) : [], labelEdge),
    [itemsOf, layout, windowKey, labelEdge],
  );

  const centre = { x: pane.width / 2, y: pane.height / 2 };
  const onZoom = (factor: number) => setView((before) => zoomAt(before, factor, centre));
  const onFocus = () => target && setView(frameBox(target, pane));
  const onFitAll = () =>
    setView(frameBox({ x: 0, y: 0, width: layout.width, height: layout.height }, pane, ZOOM_LIMITS.min));
  const onCentre = useCallback(
    (point: { x: number; y: number }) => setView((before) => centreOn(before, point, pane)),
    [pane],
  );
  const onStep = useCallback(
    (direction: -1 | 1) => {
      const middle = (pane.height / 2 - view.y) / view.zoom;
      const index = layout.turns.findIndex((band) => band.y + band.height >= middle);
      const next =
        layout.turns[
          Math.min(
            layout.turns.length - 1,
            Math.max(0, (index < 0 ? layout.turns.length - 1 : index) + direction),
          )
        ];
      if (next) setView(frameBox(next, pane));
    },
    [layout, pane, view],
  );
  // React Flow's own labels, in the UI language.
  const ariaLabels = useMemo(
    () => ({
      "node.a11yDescription.default": t("nodeHelp"),
      "node.a11yDescription.keyboardDisabled": t("nodeHelp"),
      "edge.a11yDescription.default": t("edgeHelp"),
    }),
    [t],
  );
  return (
    <div className="flow-graph-shell">
      <div className="graph-bar">
        <GraphToolbar onZoom={onZoom} onFocus={onFocus} onFitAll={onFitAll} />
        <GraphLegend />
      </div>
      <div className="flow-graph-body">
        <div
          className="flow-graph-canvas"
          ref={canvas}
          data-testid="graph-canvas"
          data-zoom={view.zoom.toFixed(3)}
        >
          <ReactFlow
            nodes={items.nodes}
            edges={items.edges}
            nodeTypes={TYPES}
            edgeTypes={EDGE_TYPES}
            onNodeClick={onNodeClick}
            viewport={view}
            onViewportChange={setView}
            minZoom={ZOOM_LIMITS.min}
            maxZoom={ZOOM_LIMITS.max}
            onlyRenderVisibleElements
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            ariaLabelConfig={ariaLabels}
          >
            <Background gap={20} />
          </ReactFlow>
        </div>
        <GraphMinimap layout={layout} view={view} pane={pane} onCentre={onCentre} onStep={onStep} />
      </div>
    </div>
  );
});

"use client";

import "@xyflow/react/dist/style.css";
import "./graph.css";
import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  useReactFlow,
  type Edge,
  type Node,
} from "@xyflow/react";
import { useTranslations } from "next-intl";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { TraceEvent } from "@/lib/trace/events";
import type { ArgumentCheck } from "@/lib/trace/graph/graph-state";
import { createRunGraphProjector } from "@/lib/trace/graph/projector";
import type { GraphNode } from "@/lib/trace/graph/types";
import { EDGE_TYPES } from "./flow-edge";
import { NODE_TYPES } from "./flow-node";
import { GraphContext, useSelectNode, type GraphContextValue } from "./graph-context";
import { GraphLegend } from "./graph-legend";
import { createLayoutCache, type GraphLayout } from "./layout-graph";
import { createNodeStore } from "./node-store";

export interface FlowGraphProps {
  /** The session's log (ordered by seq), as received. */
  events: readonly TraceEvent[];
  /** Show the graph as of this seq (inclusive); default: the whole log. */
  upTo?: number;
  /** The selected node's id. Leave undefined to let the graph keep its own selection. */
  selectedNodeId?: string | null;
  /** Called with the node a person clicks or presses Enter on. */
  onSelectNode?: (node: GraphNode) => void;
  /** Nodes to bring into view instead of the latest turn (the lesson guide's step), when shown. */
  focusNodeIds?: readonly string[];
  /** The verdicts on a captured client's calls, for their validate stage (components/session/use-client-checks.ts). */
  checkArguments?: ArgumentCheck;
}

/**
 * The run-level flow graph: every turn's request, stream and blocks, and each
 * tool call's nine stages, coloured by status. It projects the log prefix with checkpoints, lays
 * out with dagre only when the structure changes, and pushes statuses to a store that each node
 * reads by id, so a status change re-renders that node alone.
 */
export function FlowGraph({
  events,
  upTo,
  selectedNodeId,
  onSelectNode,
  focusNodeIds,
  checkArguments,
}: FlowGraphProps) {
  const t = useTranslations("Graph");
  // A new verdict on a client call's arguments (checkArguments) projects the graph afresh.
  const projector = useMemo(() => createRunGraphProjector(256, { checkArguments }), [checkArguments]);
  const [layoutOf] = useState(() => createLayoutCache());
  const graph = useMemo(() => projector.project(events, upTo), [projector, events, upTo]);
  const layout = useMemo(() => layoutOf(graph.nodes, graph.edges), [layoutOf, graph]);
  const [store] = useState(() => createNodeStore(graph.nodes));
  const [ownSelection, setOwnSelection] = useState<string | null>(null);
  const selected = selectedNodeId === undefined ? ownSelection : selectedNodeId;
  const onSelect = useRef(onSelectNode);

  useLayoutEffect(() => {
    onSelect.current = onSelectNode;
    store.setNodes(graph.nodes);
    store.setSelected(selected);
  }, [store, graph, selected, onSelectNode]);

  const context = useMemo<GraphContextValue>(
    () => ({
      store,
      select(id) {
        const node = store.getNode(id);
        if (!node) return;
        setOwnSelection(id);
        onSelect.current?.(node);
      },
    }),
    [store],
  );

  return (
    <section className="flow-graph" data-testid="flow-graph" aria-label={t("label")}>
      <GraphContext.Provider value={context}>
        {graph.nodes.length === 0 ? (
          <p className="graph-empty">{t("empty")}</p>
        ) : (
          <FlowCanvas layout={layout} focusKey={focusNodeIds?.join("\n") ?? ""} />
        )}
      </GraphContext.Provider>
      <GraphLegend />
    </section>
  );
}

/** React Flow itself: re-rendered only when the layout (the structure) changes. */
const FlowCanvas = memo(function FlowCanvas({ layout, focusKey }: { layout: GraphLayout; focusKey: string }) {
  const t = useTranslations("Graph.a11y");
  const select = useSelectNode();
  // React Flow gives a node pointer events only when something handles them: this click does.
  const onNodeClick = useCallback((_: unknown, node: Node) => select(node.id), [select]);
  const nodes = useMemo<Node[]>(
    () =>
      layout.nodes.map((node) => ({
        id: node.id,
        type: node.kind,
        position: { x: node.x, y: node.y },
        width: node.width,
        height: node.height,
        data: {},
        draggable: false,
        selectable: false,
        connectable: false,
        focusable: false,
      })),
    [layout],
  );
  const focusIds = useMemo(() => {
    const ids = layout.nodes.map((node) => node.id);
    const wanted = focusKey ? focusKey.split("\n").filter((id) => ids.includes(id)) : [];
    return wanted.length > 0 ? wanted : selectLatestTurn(ids);
  }, [layout, focusKey]);
  const edges = useMemo<Edge[]>(
    () =>
      layout.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        type: "graph",
        data: { kind: edge.kind },
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16, color: "var(--graph-edge)" },
        focusable: false,
        selectable: false,
        ariaLabel: t("edge", { source: edge.source, target: edge.target }),
      })),
    [layout, t],
  );
  // React Flow's own labels, in the UI language.
  const ariaLabels = useMemo(
    () => ({
      "controls.ariaLabel": t("controls"),
      "controls.zoomIn.ariaLabel": t("zoomIn"),
      "controls.zoomOut.ariaLabel": t("zoomOut"),
      "controls.fitView.ariaLabel": t("fitView"),
      "node.a11yDescription.default": t("nodeHelp"),
      "node.a11yDescription.keyboardDisabled": t("nodeHelp"),
      "edge.a11yDescription.default": t("edgeHelp"),
    }),
    [t],
  );
  return (
    <div className="flow-graph-canvas">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        onNodeClick={onNodeClick}
        minZoom={0.05}
        onlyRenderVisibleElements
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        ariaLabelConfig={ariaLabels}
      >
        <Background gap={20} />
        <Controls showInteractive={false} />
        <FitOnStructureChange focusIds={focusIds} />
      </ReactFlow>
    </div>
  );
});

/**
 * Fits the view to the latest turn whenever nodes are added (a live run grows the graph), at a
 * zoom where nodes stay readable; the whole run is one "fit view" click away.
 */
function FitOnStructureChange({ focusIds }: { focusIds: string[] }) {
  const { fitView } = useReactFlow();
  useEffect(() => {
    const nodes = focusIds.map((id) => ({ id }));
    const frame = requestAnimationFrame(
      () => void fitView({ padding: 0.08, minZoom: 0.45, maxZoom: 1, ...(nodes.length ? { nodes } : {}) }),
    );
    return () => cancelAnimationFrame(frame);
  }, [focusIds, fitView]);
  return null;
}

/** The ids of the latest turn's nodes (ids start with `t<turn>:`), or all ids when none match. */
export function selectLatestTurn(ids: readonly string[]): string[] {
  const turns = ids.map((id) => Number(/^t(\d+):/.exec(id)?.[1] ?? NaN)).filter(Number.isFinite);
  if (turns.length === 0) return [...ids];
  const last = Math.max(...turns);
  return ids.filter((id) => id.startsWith(`t${last}:`));
}

"use client";

import "@xyflow/react/dist/style.css";
import "./graph.css";
import { useTranslations } from "next-intl";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import type { TraceEvent } from "@/lib/trace/events";
import type { ArgumentCheck } from "@/lib/trace/graph/graph-state";
import type { GraphNode } from "@/lib/trace/graph/types";
import { createLayoutCache } from "@/lib/trace/graph/layout";
import { chooseFocusTurn } from "@/lib/trace/graph/viewport";
import { createWindowProjector } from "@/lib/trace/graph/window-projector";
import { FlowCanvas } from "./flow-canvas";
import { GraphContext, type GraphContextValue } from "./graph-context";
import { GraphLegend } from "./graph-legend";
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
 * The run-level flow graph: turns stacked top to bottom, each turn's request, stream and blocks,
 * and each tool call's nine stages as a lane, coloured by status. It projects the log prefix with
 * checkpoints (a long log: the runs that end at the cursor, said so above the canvas), lays out (lib/trace/graph/layout.ts) only when the structure changes, and pushes
 * statuses to a store that each node reads by id, so a status change re-renders that node alone.
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
  const projector = useMemo(() => createWindowProjector({ checkArguments }), [checkArguments]);
  const [layoutOf] = useState(() => createLayoutCache());
  // A long log's graph holds the runs that end at the cursor (lib/trace/graph/graph-window.ts).
  const { graph, skipped } = useMemo(() => projector.project(events, upTo), [projector, events, upTo]);
  const layout = useMemo(() => layoutOf(graph.nodes, graph.edges), [layoutOf, graph]);
  const focusTurn = useMemo(() => chooseFocusTurn(graph.nodes), [graph]);
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
          <>
            <GraphLegend open />
            <p className="graph-empty">{t("empty")}</p>
          </>
        ) : (
          <>
            {skipped > 0 ? (
              <p className="graph-window-note" data-testid="graph-window-note">
                {t("windowNote", { first: graph.nodes[0]!.turn, events: skipped })}
              </p>
            ) : null}
            <FlowCanvas layout={layout} focusTurn={focusTurn} focusKey={focusNodeIds?.join("\n") ?? ""} />
          </>
        )}
      </GraphContext.Provider>
    </section>
  );
}

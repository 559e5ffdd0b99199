"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useDeferredValue, useMemo } from "react";
import type { TraceEvent } from "@/lib/trace/events";
import type { GraphNode } from "@/lib/trace/graph/types";
import { useClientChecks } from "./use-client-checks";

/** React Flow measures the DOM, so the graph renders in the browser only (and loads on its own). */
const FlowGraph = dynamic(() => import("@/components/graph/flow-graph").then((m) => m.FlowGraph), {
  ssr: false,
  loading: () => <GraphLoading />,
});

/** The selected node's detail, loaded with the graph's code. */
export const NodeDetail = dynamic(() => import("@/components/graph/node-detail").then((m) => m.NodeDetail), {
  ssr: false,
});

function GraphLoading() {
  const t = useTranslations("Common");
  return (
    <p className="loading" role="status">
      {t("loading")}
    </p>
  );
}

interface GraphPaneProps {
  events: readonly TraceEvent[];
  upTo: number;
  selectedNodeId: string | null;
  onSelectNode: (node: GraphNode) => void;
  /** Nodes the lesson guide points at, brought into view. */
  focusNodeIds?: readonly string[];
}

/**
 * The flow graph's pane: the run and each call's pipeline as of the cursor. The graph follows the
 * log and the cursor a step behind (a deferred value), so the transcript and the timeline paint
 * first when a long session opens or the cursor jumps. A captured client's calls are checked
 * against the client's schemas on the server, for their validate stage.
 */
export function GraphPane({ events, upTo, selectedNodeId, onSelectNode, focusNodeIds }: GraphPaneProps) {
  const view = useMemo(() => ({ events, upTo }), [events, upTo]);
  const shown = useDeferredValue(view, null);
  const checkArguments = useClientChecks(events);
  return (
    // `data-up-to`: the cursor the graph shows (a step behind the others while it catches up).
    <div className="graph-pane" data-testid="graph-pane" data-up-to={shown?.upTo}>
      {shown === null ? (
        <GraphLoading />
      ) : (
        <FlowGraph
          events={shown.events}
          upTo={shown.upTo}
          selectedNodeId={selectedNodeId}
          onSelectNode={onSelectNode}
          focusNodeIds={focusNodeIds}
          checkArguments={checkArguments}
        />
      )}
    </div>
  );
}

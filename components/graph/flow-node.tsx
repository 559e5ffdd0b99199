"use client";

import { Handle, Position, type NodeProps } from "@xyflow/react";
import { useTranslations } from "next-intl";
import { memo, type KeyboardEvent } from "react";
import { ReplayButton } from "@/components/replay/replay-button";
import { assertNever } from "@/lib/protocol/unified";
import {
  GRAPH_NODE_KINDS,
  readCallId,
  type BlockNode,
  type ErrorResultNode,
  type GraphNode,
  type RequestSectionNode,
  type StageNode,
  type StreamNode,
} from "@/lib/trace/graph/types";
import { useGraphNode, useIsSelected, useSelectNode } from "./graph-context";
import "./client-call.css";

/** The heading of a node: translated where it is prose, the protocol's own word where it is one. */
function NodeTitle({ node }: { node: GraphNode }) {
  const t = useTranslations("Graph.kindName");
  const tBy = useTranslations("Graph.by");
  switch (node.kind) {
    case "request-section":
      return <code>{node.section}</code>;
    case "block":
      return <code>{node.blockType}</code>;
    case "stage":
      return node.by ? (
        <>
          <code>{node.label}</code>{" "}
          <span className="graph-node-by" data-testid="graph-node-by" data-by={node.by}>
            {tBy(node.by)}
          </span>
        </>
      ) : (
        <code>{node.stage}</code>
      );
    case "user":
    case "stream":
    case "error-result":
    case "results":
    case "run-end":
      return <>{t(node.kind)}</>;
    default:
      return assertNever(node, "graph node kind");
  }
}

function SectionBody({ node }: { node: RequestSectionNode }) {
  const t = useTranslations("Graph");
  return <>{node.tokens === undefined ? t("notAssembled") : t("tokens", { count: node.tokens })}</>;
}

function StreamBody({ node }: { node: StreamNode }) {
  const t = useTranslations("Graph");
  const count = t("wireEvents", { count: node.wireEvents });
  return (
    <>
      {node.stopReason ? `${count} · ${t("stop", { reason: node.stopReason })}` : count}
      {!node.stopReason && node.streamBlocks && node.streamBlocks.length > 0 ? (
        <span className="graph-node-blocks" data-testid="graph-stream-blocks">
          {node.streamBlocks.join(" · ")}
        </span>
      ) : null}
      {node.cut ? (
        <span className="graph-node-cut" title={t("cutHint")} data-testid="graph-stream-cut">
          {t("cut")}
        </span>
      ) : null}
    </>
  );
}

/** A stage's status or duration; a stage Toolscope checked itself says what it found, or why it did not check. */
function StageBody({ node }: { node: StageNode }) {
  const t = useTranslations("Graph");
  if (node.check) return <span data-testid="graph-client-check">{t(`check.${node.check}`)}</span>;
  return <>{node.ms === undefined ? t(`status.${node.status}`) : t("ms", { ms: node.ms })}</>;
}

function ErrorResultBody({ node }: { node: ErrorResultNode }) {
  const t = useTranslations("Graph");
  // An error result with no error yet has only the projection's English placeholder label.
  return <>{node.errorKind ?? t(`status.${node.status}`)}</>;
}

/** One body per kind. */
function NodeBody({ node }: { node: GraphNode }) {
  switch (node.kind) {
    case "request-section":
      return <SectionBody node={node} />;
    case "stream":
      return <StreamBody node={node} />;
    case "stage":
      return <StageBody node={node} />;
    case "error-result":
      return <ErrorResultBody node={node} />;
    case "results":
      return <>{node.detail}</>;
    case "user":
    case "block":
    case "run-end":
      return <>{node.label}</>;
    default:
      return assertNever(node, "graph node kind");
  }
}

/**
 * A tool_use block whose turn has completed is a recorded call: it can be replayed. The
 * dialog finds the call in the session's log by id when it opens.
 */
function canReplay(node: GraphNode): node is BlockNode & { callId: string } {
  return node.kind === "block" && node.blockType === "tool_use" && !!node.callId && node.status === "ok";
}

/** "Replay" in a call's node: a small button beside the title, out of React Flow's drag and pan. */
function NodeReplay({ callId }: { callId: string }) {
  const t = useTranslations("Graph.replay");
  return (
    <ReplayButton
      call={{ id: callId }}
      label={t("button")}
      ariaLabel={t("label", { callId })}
      className="graph-node-replay"
      testId="graph-replay"
    />
  );
}

/**
 * A graph node: a click reaches it through React Flow's `onNodeClick`, Enter or Space here.
 * React Flow passes only the id (its `nodes` array changes with the structure
 * alone); the node reads its data from the store by id, so a status change re-renders it alone.
 */
export const FlowNode = memo(function FlowNode({ id }: NodeProps) {
  const node = useGraphNode(id);
  const selected = useIsSelected(id);
  const select = useSelectNode();
  const t = useTranslations("Graph");
  if (!node) return null;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys pressed in the Replay button or its (portalled) dialog are theirs, not the node's.
    if (event.target !== event.currentTarget) return;
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    select(id);
  };
  return (
    <div
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={t("nodeLabel", {
        kind: t(`kindName.${node.kind}`),
        name: node.label,
        status: t(`status.${node.status}`),
      })}
      title={node.detail || undefined}
      className={`graph-node graph-node-${node.kind} graph-status-${node.status}${selected ? " is-selected" : ""}${node.paused ? " is-paused" : ""}`}
      data-testid="graph-node"
      data-node-id={id}
      data-node-kind={node.kind}
      data-status={node.status}
      data-stage={node.kind === "stage" ? node.stage : undefined}
      data-call-id={readCallId(node)}
      data-paused={node.paused ? "true" : undefined}
      onKeyDown={onKeyDown}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} className="graph-handle" />
      <span className="graph-node-title">
        <NodeTitle node={node} />
        {node.paused ? <span className="graph-node-paused">{t("paused")}</span> : null}
        {canReplay(node) ? <NodeReplay callId={node.callId} /> : null}
      </span>
      <span className="graph-node-body">
        <NodeBody node={node} />
      </span>
      <Handle type="source" position={Position.Right} isConnectable={false} className="graph-handle" />
    </div>
  );
});

/** React Flow's node types: one per kind, each drawn by the frame above with its kind's body. */
export const NODE_TYPES = Object.fromEntries(GRAPH_NODE_KINDS.map((kind) => [kind, FlowNode]));

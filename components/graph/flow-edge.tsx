"use client";

import { BaseEdge, getBezierPath, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import { describeEdgeClasses } from "./edge-classes";
import { useGraphNode } from "./graph-context";

/**
 * An edge, animated while its target runs. It reads its ends' statuses from the store by id,
 * so the edges array handed to React Flow changes with the structure only.
 */
export const FlowEdge = memo(function FlowEdge(props: EdgeProps) {
  const target = useGraphNode(props.target);
  const source = useGraphNode(props.source);
  const [path] = getBezierPath(props);
  const classes = describeEdgeClasses(props.data?.kind === "branch", source?.status, target?.status);
  return (
    <BaseEdge
      id={props.id}
      path={path}
      className={classes}
      {...(props.markerEnd ? { markerEnd: props.markerEnd } : {})}
    />
  );
});

export const EDGE_TYPES = { graph: FlowEdge };

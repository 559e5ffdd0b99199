"use client";

import { BaseEdge, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import type { Point } from "@/lib/trace/graph/layout";
import { describeEdgeClasses } from "./edge-classes";
import { useGraphNode } from "./graph-context";

/** An SVG path through the layout's points, its corners rounded. */
export function describePath(points: readonly Point[], radius = 6): string {
  if (points.length === 0) return "";
  const [first, ...rest] = points;
  let path = `M ${first!.x} ${first!.y}`;
  rest.forEach((point, index) => {
    const next = rest[index + 1];
    const previous = index === 0 ? first! : rest[index - 1]!;
    if (!next) {
      path += ` L ${point.x} ${point.y}`;
      return;
    }
    const r = Math.min(radius, distance(previous, point) / 2, distance(point, next) / 2);
    const before = towards(point, previous, r);
    const after = towards(point, next, r);
    path += ` L ${before.x} ${before.y} Q ${point.x} ${point.y} ${after.x} ${after.y}`;
  });
  return path;
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

function towards(from: Point, to: Point, length: number): Point {
  const d = distance(from, to) || 1;
  return { x: from.x + ((to.x - from.x) * length) / d, y: from.y + ((to.y - from.y) * length) / d };
}

/**
 * An edge along the layout's route, animated while its target runs. It reads its ends' statuses
 * from the store by id, so the edges handed to React Flow change with the structure only.
 */
export const FlowEdge = memo(function FlowEdge(props: EdgeProps) {
  const target = useGraphNode(props.target);
  const source = useGraphNode(props.source);
  const points = (props.data?.points as readonly Point[] | undefined) ?? [
    { x: props.sourceX, y: props.sourceY },
    { x: props.targetX, y: props.targetY },
  ];
  const classes = describeEdgeClasses(props.data?.kind === "branch", source?.status, target?.status);
  return (
    <BaseEdge
      id={props.id}
      path={describePath(points)}
      className={classes}
      {...(props.markerEnd ? { markerEnd: props.markerEnd } : {})}
    />
  );
});

export const EDGE_TYPES = { graph: FlowEdge };

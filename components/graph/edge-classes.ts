import type { GraphNodeStatus } from "@/lib/trace/graph/types";

/**
 * An edge's classes from its ends' statuses: `is-running` (animated) while its target runs or
 * waits; `is-taken` once both ends were reached (a branch only when its error result was).
 */
export function describeEdgeClasses(
  branch: boolean,
  source: GraphNodeStatus | undefined,
  target: GraphNodeStatus | undefined,
): string {
  const running = target === "running" || target === "waiting";
  const taken = isReached(source) && isReached(target);
  return [
    "graph-edge",
    branch ? "graph-edge-branch" : "",
    running ? "is-running" : "",
    taken ? "is-taken" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function isReached(status: GraphNodeStatus | undefined): boolean {
  return status !== undefined && status !== "pending" && status !== "skipped";
}

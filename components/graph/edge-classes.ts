import type { GraphNodeStatus } from "@/lib/trace/graph/types";

/**
 * An edge's classes from its ends' statuses: `is-running` (animated) while its target runs or
 * waits; `is-taken` once both ends were reached. A branch is taken (drawn red) only from the
 * stage that failed or blocked: a call's other branches, and those of calls stopped because a
 * sibling failed (an all-or-nothing batch's aborted calls), are `is-bypassed` instead.
 */
export function describeEdgeClasses(
  branch: boolean,
  source: GraphNodeStatus | undefined,
  target: GraphNodeStatus | undefined,
): string {
  const running = target === "running" || target === "waiting";
  const reached = isReached(source) && isReached(target);
  const taken = reached && (!branch || source === "error" || source === "blocked");
  return [
    "graph-edge",
    branch ? "graph-edge-branch" : "",
    running ? "is-running" : "",
    taken ? "is-taken" : "",
    reached && !taken ? "is-bypassed" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function isReached(status: GraphNodeStatus | undefined): boolean {
  return status !== undefined && status !== "pending" && status !== "skipped";
}

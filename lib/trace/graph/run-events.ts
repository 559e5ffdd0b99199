/**
 * What a run's own events do to the graph: a pause marks the node the run stopped at (and a
 * manual result makes `execute` wait), a resume clears it; the run's end resolves what is still
 * open in its last turn and adds the run-end node.
 */
import type { RunFailed, RunFinished, RunInterrupted, RunPaused, RunResumed } from "../events";
import { applyOutcome, findCallTurn, stopCall } from "./call-events";
import { addToTurn, replaceTurn, updateNode, withSeq, type RunGraphState } from "./graph-state";
import { turnAt } from "./turn-list";
import { createEdge, graphIds, type GraphNodeStatus } from "./types";

type RunEnd = RunFinished | RunInterrupted | RunFailed;

/** The node a pause or resume is about, or null when the graph has no such node yet. */
export function findPauseTarget(
  state: RunGraphState,
  event: RunPaused | RunResumed,
): { turn: number; id: string } | null {
  const { callId } = event;
  const turn = callId === undefined ? undefined : findCallTurn(state, callId);
  if (callId !== undefined && turn !== undefined) {
    if (event.reason === "approval") return { turn, id: graphIds.stage(turn, callId, "approval") };
    if (event.reason === "manual-result" || event.point === "beforeExecute")
      return { turn, id: graphIds.stage(turn, callId, "execute") };
    if (event.point === "afterResult") return { turn, id: graphIds.stage(turn, callId, "normalize") };
  }
  const last = turnAt(state.turns, -1);
  return last ? { turn: last.turn, id: graphIds.stream(last.turn) } : null;
}

/** Marks the node the run paused at; a manual result makes its `execute` stage wait. */
export function applyPause(state: RunGraphState, event: RunPaused): RunGraphState {
  const target = findPauseTarget(clearPause(state), event);
  if (!target) return clearPause(state);
  const next = updateNode(clearPause(state), target.turn, target.id, (node) => ({
    ...node,
    paused: true,
    seqs: withSeq(node, event.seq),
    ...(event.reason === "manual-result" && node.status === "running" ? { status: "waiting" as const } : {}),
  }));
  return { ...next, pausedAt: target };
}

/** Clears the pause; `execute` runs again once a manual result arrives. */
export function applyResume(state: RunGraphState, event: RunResumed): RunGraphState {
  const target = state.pausedAt ?? findPauseTarget(state, event);
  if (!target) return state;
  const next = updateNode(clearPause(state), target.turn, target.id, (node) => ({
    ...node,
    seqs: withSeq(node, event.seq),
    ...(event.reason === "manual-result" && node.status === "waiting" ? { status: "running" as const } : {}),
  }));
  return { ...next, pausedAt: null };
}

function clearPause(state: RunGraphState): RunGraphState {
  const at = state.pausedAt;
  if (!at) return state;
  return {
    ...updateNode(state, at.turn, at.id, (node) => {
      const { paused: _dropped, ...unpaused } = node;
      return unpaused;
    }),
    pausedAt: null,
  };
}

const END_STATUS: Record<RunEnd["kind"], GraphNodeStatus> = {
  "run.finished": "ok",
  "run.interrupted": "blocked",
  "run.failed": "error",
};

/**
 * The run's end: synthetic results answer the calls left open (their running stages stopped),
 * whatever is still pending in the run's last turn is skipped and whatever is running is an
 * error; then the run-end node, linked from the turn's exit, which the next turn links from.
 */
export function applyRunEnd(state: RunGraphState, event: RunEnd): RunGraphState {
  let next = clearPause(state);
  const why = event.kind === "run.finished" ? event.reason : `${event.kind.slice(4)}: ${event.reason}`;
  for (const result of event.syntheticResults) {
    next = stopCall(next, result.toolCallId, event.seq, why);
    next = applyOutcome(next, {
      callId: result.toolCallId,
      seq: event.seq,
      isError: result.isError,
      content: result.content,
      synthetic: true,
      ...(result.errorKind ? { errorKind: result.errorKind } : {}),
    });
  }
  const last = turnAt(next.turns, -1);
  if (!last || next.turns.length <= state.runStart) return { ...next, runId: null };
  const runId = event.runId;
  const endId = graphIds.runEnd(runId);
  next = replaceTurn(next, last.turn, (graph) => {
    const nodes = new Map(graph.nodes);
    for (const id of graph.order) {
      const node = nodes.get(id)!;
      // A captured client's call goes on after the response's end: the client runs it.
      if (node.kind === "stage" && node.by === "client") continue;
      if (node.status === "pending") nodes.set(id, { ...node, status: "skipped" });
      else if (node.status === "running" || node.status === "waiting")
        nodes.set(id, { ...node, status: "error", detail: why, seqs: withSeq(node, event.seq) });
    }
    const ended = addToTurn(
      { ...graph, nodes },
      [
        {
          id: endId,
          kind: "run-end",
          turn: last.turn,
          status: END_STATUS[event.kind],
          label: event.kind,
          detail: event.reason,
          seqs: [event.seq],
        },
      ],
      [createEdge(graph.exit, endId)],
    );
    return ended;
  });
  return { ...next, runId: null, link: endId };
}

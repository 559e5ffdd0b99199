/**
 * What a tool call's events do to its nodes: `tool.stage` sets a stage's status, input, output
 * and ms; `tool.result` resolves the error-result branch and the results node; stages a call
 * never reached are `skipped` once it has its result (that result is the event that says so).
 */
import { STAGES, type Stage, type ToolStage } from "../events";
import { applyClientResult, isClientCall } from "./client-call";
import { findTurn, updateNode, updateNodeOf, withSeq, type RunGraphState } from "./graph-state";
import { findLastTurnIndex, turnAt } from "./turn-list";
import { graphIds, type StageNode } from "./types";

/** The result a call got: from `tool.result`, or a synthetic one added when the run ended. */
export interface CallOutcome {
  callId: string;
  seq: number;
  isError: boolean;
  errorKind?: string;
  content: string;
  /** Added by the run's end for a call left open: it failed wherever it stood. */
  synthetic?: boolean;
  /** A captured client's result: ms from the response's end to the request that carried it. */
  clientMs?: number;
}

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The turn a call belongs to (the latest, should an id repeat), or undefined for a call this graph
 * does not know. Searched from the newest turn, where a call's events land: no map of every call
 * is copied on each turn (a long log has thousands of calls).
 */
export function findCallTurn(state: RunGraphState, callId: string): number | undefined {
  const index = findLastTurnIndex(state.turns, (graph) => graph.callIds.includes(callId));
  return index < 0 ? undefined : turnAt(state.turns, index)!.turn;
}

/** Adds an event's seq to one node of a call (a stage, or the error result). */
export function attachToCall(
  state: RunGraphState,
  callId: string,
  target: Stage | "error-result",
  seq: number,
): RunGraphState {
  const turn = findCallTurn(state, callId);
  if (turn === undefined) return state;
  const id =
    target === "error-result" ? graphIds.errorResult(turn, callId) : graphIds.stage(turn, callId, target);
  return updateNode(state, turn, id, (node) => ({ ...node, seqs: withSeq(node, seq) }));
}

/** Adds an event's seq to one stage of a call, and changes what the event says about it. */
export function attachToStage(
  state: RunGraphState,
  callId: string,
  stage: Stage,
  seq: number,
  change: (node: StageNode) => Partial<Omit<StageNode, "kind">>,
): RunGraphState {
  const turn = findCallTurn(state, callId);
  if (turn === undefined) return state;
  return updateNodeOf(state, turn, graphIds.stage(turn, callId, stage), "stage", (node) => ({
    ...node,
    ...change(node),
    seqs: withSeq(node, seq),
  }));
}

/** A stage started (`running`) or ended. A stage that runs again (validate after a rewrite) shows its latest run. */
export function applyStage(state: RunGraphState, event: ToolStage): RunGraphState {
  return attachToStage(state, event.callId, event.stage, event.seq, (node) => {
    if (event.status === "running") {
      const input = event.input ?? "";
      return { status: "running", input, output: undefined, ms: undefined, detail: clip(input) };
    }
    const output = event.output ?? node.output ?? "";
    const ms = event.ms ?? node.ms;
    const detail = [clip(output), ms === undefined ? "" : `${ms} ms`].filter(Boolean).join(" · ");
    return { status: event.status, output, ...(ms === undefined ? {} : { ms }), detail };
  });
}

/**
 * A call's result: its normalize node gets the event; the error result is taken when the call
 * failed before `execute` (a failing check, a denial, an aborted batch) or the run's end answered
 * it, else skipped; stages never reached are skipped; the turn's results node counts one more.
 */
export function applyOutcome(state: RunGraphState, outcome: CallOutcome): RunGraphState {
  const turn = findCallTurn(state, outcome.callId);
  if (turn === undefined) return state;
  if (isClientCall(state, turn, outcome.callId)) {
    return countResults(applyClientResult(state, turn, outcome), turn, outcome.seq);
  }
  const errorId = graphIds.errorResult(turn, outcome.callId);
  const turnGraph = findTurn(state, turn);
  if (!turnGraph || turnGraph.nodes.get(errorId)?.status !== "pending") return state;
  const executed = turnGraph.nodes.get(graphIds.stage(turn, outcome.callId, "execute"))?.status !== "pending";
  const tookBranch = outcome.isError && (!executed || outcome.synthetic === true);
  let next = attachToCall(state, outcome.callId, "normalize", outcome.seq);
  next = updateNodeOf(next, turn, errorId, "error-result", (node) =>
    tookBranch
      ? {
          ...node,
          status: "error",
          seqs: withSeq(node, outcome.seq),
          ...(outcome.errorKind ? { errorKind: outcome.errorKind } : {}),
          detail: clip(`${outcome.errorKind ?? "error"}: ${outcome.content}`),
        }
      : { ...node, status: "skipped" },
  );
  for (const stage of STAGES) {
    next = updateNode(next, turn, graphIds.stage(turn, outcome.callId, stage), (node) =>
      node.status === "pending" ? { ...node, status: "skipped" } : node,
    );
  }
  return countResults(next, turn, outcome.seq);
}

/** Stages still running or waiting when the run ended become errors: the run stopped them. */
export function stopCall(state: RunGraphState, callId: string, seq: number, why: string): RunGraphState {
  let next = state;
  for (const stage of STAGES) {
    const turn = findCallTurn(next, callId);
    if (turn === undefined) return state;
    next = updateNode(next, turn, graphIds.stage(turn, callId, stage), (node) =>
      node.status === "running" || node.status === "waiting"
        ? { ...node, status: "error", paused: undefined, detail: why, seqs: withSeq(node, seq) }
        : node,
    );
  }
  return next;
}

function countResults(state: RunGraphState, turn: number, seq: number): RunGraphState {
  const graph = findTurn(state, turn);
  if (!graph) return state;
  // A call is answered once its error result is decided, or (a client's call) its result node has an event.
  const done = graph.callIds.filter((callId) => {
    const errorResult = graph.nodes.get(graphIds.errorResult(turn, callId));
    if (errorResult) return errorResult.status !== "pending";
    return (graph.nodes.get(graphIds.stage(turn, callId, "normalize"))?.seqs.length ?? 0) > 0;
  }).length;
  const total = graph.callIds.length;
  return updateNode(state, turn, graphIds.results(turn), (node) => ({
    ...node,
    status: done === total ? "ok" : done > 0 ? "running" : "pending",
    detail: `${done}/${total}`,
    seqs: withSeq(node, seq),
  }));
}

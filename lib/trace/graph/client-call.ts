/**
 * A captured client's tool call in the graph. Toolscope did not run it, so its pipeline has only
 * the stages Toolscope can observe or check itself: lookup (is the name among the client's
 * tools?) and validate (do the arguments pass the client's own schema?) — both checked by
 * Toolscope when the call arrives, and marked so — then execute, by the client (waiting until the
 * client's next request carries the result; its `ms` is the client's tool time), and the result.
 */
import type { ToolCallBlock } from "@/lib/protocol/unified";
import type { ToolDefinition } from "../config";
import type { Stage } from "../events";
import {
  findTurn,
  updateNode,
  updateNodeOf,
  withSeq,
  type ArgumentCheck,
  type RunGraphState,
} from "./graph-state";
import {
  createEdge,
  graphIds,
  type ClientCheck,
  type GraphEdge,
  type GraphNodeStatus,
  type StageNode,
} from "./types";

/** The stages of a client-run call, in order; `normalize` is the node of the result the client sent. */
export const CLIENT_STAGES = [
  "lookup",
  "validate",
  "execute",
  "normalize",
] as const satisfies readonly Stage[];

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

interface Verdict {
  status: GraphNodeStatus;
  detail: string;
  check?: ClientCheck;
}

function lookUp(name: string, tools: readonly ToolDefinition[]): Verdict {
  const found = tools.some((tool) => tool.name === name);
  const count = `${tools.length} tool${tools.length === 1 ? "" : "s"}`;
  return found
    ? { status: "ok", detail: `checked by Toolscope: among the client's ${count}`, check: "declared" }
    : {
        status: "error",
        detail: `checked by Toolscope: not among the client's ${count}`,
        check: "undeclared",
      };
}

function validate(block: ToolCallBlock, tool: ToolDefinition | undefined, check?: ArgumentCheck): Verdict {
  if (!tool)
    return {
      status: "skipped",
      detail: "not checked: the client declared no such tool",
      check: "no-such-tool",
    };
  const raw = block.rawArguments.trim();
  if (block.arguments === null && raw !== "" && raw !== "null") {
    return { status: "error", detail: "checked by Toolscope: the arguments are not JSON", check: "not-json" };
  }
  if (!check) return { status: "skipped", detail: "not checked in this view", check: "no-checker" };
  const input = block.arguments === null && raw === "" ? {} : block.arguments;
  const result = check({ id: block.id, name: block.name, schema: tool.input_schema, input });
  if (result === null)
    return { status: "running", detail: "checking against the client's schema…", check: "checking" };
  if (result.valid)
    return {
      status: "ok",
      detail: "checked by Toolscope against the client's schema: valid",
      check: "valid",
    };
  const first = result.errors[0];
  const more = result.errors.length > 1 ? ` (+${result.errors.length - 1} more)` : "";
  return {
    status: "error",
    check: "invalid",
    detail: clip(
      `checked by Toolscope against the client's schema: ${first?.path || "/"} ${first?.message ?? ""}${more}`,
    ),
  };
}

/** The nodes and edges of a client-run call, from its tool_use block `from`; lookup and validate are decided now. */
export function buildClientCallPipeline(
  state: RunGraphState,
  turn: number,
  block: ToolCallBlock,
  from: string,
  seq: number,
): { nodes: StageNode[]; edges: GraphEdge[] } {
  const tool = state.tools.find((candidate) => candidate.name === block.name);
  const verdicts: Record<(typeof CLIENT_STAGES)[number], Verdict> = {
    lookup: lookUp(block.name, state.tools),
    validate: validate(block, tool, state.checkArguments),
    execute: { status: "waiting", detail: "run by the client: its result comes with its next request" },
    normalize: { status: "pending", detail: "" },
  };
  const nodes = CLIENT_STAGES.map((stage): StageNode => ({
    id: graphIds.stage(turn, block.id, stage),
    kind: "stage",
    turn,
    label: stage === "normalize" ? "result" : stage,
    stage,
    callId: block.id,
    by: stage === "lookup" || stage === "validate" ? "toolscope" : "client",
    status: verdicts[stage].status,
    detail: verdicts[stage].detail,
    ...(verdicts[stage].check ? { check: verdicts[stage].check } : {}),
    seqs: stage === "lookup" || stage === "validate" ? [seq] : [],
  }));
  const chain = [from, ...nodes.map((node) => node.id)];
  return { nodes, edges: chain.slice(1).map((id, index) => createEdge(chain[index]!, id)) };
}

/** Whether the call's execute stage is the client's (a client-run call). */
export function isClientCall(state: RunGraphState, turn: number, callId: string): boolean {
  const graph = findTurn(state, turn);
  const execute = graph?.nodes.get(graphIds.stage(turn, callId, "execute"));
  return execute?.kind === "stage" && execute.by === "client";
}

/**
 * The client's result for its call: execute is done (with the client's tool time when known), the
 * result node shows what the client sent (an error when it said so). A result that comes again
 * (a client resending it) changes nothing.
 */
export function applyClientResult(
  state: RunGraphState,
  turn: number,
  outcome: {
    callId: string;
    seq: number;
    isError: boolean;
    content: string;
    clientMs?: number;
    synthetic?: boolean;
  },
): RunGraphState {
  const resultId = graphIds.stage(turn, outcome.callId, "normalize");
  const graph = findTurn(state, turn);
  const result = graph?.nodes.get(resultId);
  if (!result || result.seqs.length > 0) return state;
  const ms = outcome.clientMs;
  let next = updateNodeOf(state, turn, graphIds.stage(turn, outcome.callId, "execute"), "stage", (node) => ({
    ...node,
    status: outcome.synthetic ? "error" : "ok",
    detail: outcome.synthetic
      ? "the client never sent its result"
      : ms === undefined
        ? "run by the client"
        : `run by the client · ${ms} ms`,
    ...(ms === undefined ? {} : { ms }),
    seqs: withSeq(node, outcome.seq),
  }));
  next = updateNode(next, turn, resultId, (node) => ({
    ...node,
    status: outcome.isError ? "error" : "ok",
    detail: clip(outcome.content),
    seqs: withSeq(node, outcome.seq),
  }));
  return next;
}

/**
 * The graph's structure: a turn's skeleton when it opens, its blocks and call pipelines when the
 * model's turn completes, a run's end. Structure is only ever added, never removed, so a node
 * keeps its id (and its place in the layout) in every later prefix.
 */
import type { Block } from "@/lib/protocol/unified";
import { assertNever } from "@/lib/protocol/unified";
import { STAGES, type TurnCompleted } from "../events";
import { buildClientCallPipeline } from "./client-call";
import { addToTurn, findTurnIndex, replaceTurn, type RunGraphState, type TurnGraph } from "./graph-state";
import { appendTurn, turnAt } from "./turn-list";
import {
  createEdge,
  graphIds,
  REQUEST_SECTIONS,
  type BlockNode,
  type ErrorResultNode,
  type GraphBlockType,
  type GraphEdge,
  type GraphNode,
  type RequestSectionNode,
  type ResultsNode,
  type StageNode,
  type StreamNode,
  type UserNode,
} from "./types";

/** Stages whose failure ends the call early: the branch to its error result (docs/architecture.md's diagram). */
export const BRANCHING_STAGES = ["lookup", "prepare", "validate", "preflight", "approval"] as const;

/** `text` cut to `max` characters with an ellipsis. */
export const clip = (text: string, max = 48) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What a node is before any event reaches it. */
const PENDING = { status: "pending", seqs: [], detail: "" } as const;

/**
 * Opens a turn if it is not open yet: the user message (when there is one), the three request
 * sections and the model stream, all pending, linked from where the previous turn (or run) ended.
 */
export function openTurn(
  state: RunGraphState,
  turn: number,
  user?: { text: string; seq: number },
): RunGraphState {
  // Turns open in ascending order, so a new one is above every turn there: no search of them all
  // (which made opening each turn cost as many steps as there were turns).
  if (turn <= state.maxTurn && findTurnIndex(state, turn) >= 0) return state;
  const nodes: GraphNode[] = [];
  if (user) {
    nodes.push({
      ...PENDING,
      id: graphIds.user(turn),
      kind: "user",
      turn,
      label: clip(user.text),
      status: "ok",
      detail: clip(user.text, 160),
      seqs: [user.seq],
    } satisfies UserNode);
  }
  for (const section of REQUEST_SECTIONS)
    nodes.push({
      ...PENDING,
      id: graphIds.section(turn, section),
      kind: "request-section",
      turn,
      label: section,
      section,
    } satisfies RequestSectionNode);
  nodes.push({
    ...PENDING,
    id: graphIds.stream(turn),
    kind: "stream",
    turn,
    label: "stream",
    wireEvents: 0,
  } satisfies StreamNode);
  const ids = nodes.map((node) => node.id);
  const edges = ids.slice(1).map((id, index) => createEdge(ids[index]!, id));
  const from = state.link ?? turnAt(state.turns, -1)?.exit;
  const entry = ids[0]!;
  const graph: TurnGraph = addToTurn(
    { turn, nodes: new Map(), order: [], edges: [], callIds: [], exit: graphIds.stream(turn), entry },
    nodes,
    edges,
  );
  const linked = from ? { ...graph, edges: [createEdge(from, entry), ...graph.edges] } : graph;
  return {
    ...state,
    turns: appendTurn(state.turns, linked),
    maxTurn: Math.max(state.maxTurn, turn),
    link: null,
  };
}

/**
 * Adds the assistant's blocks and, for each tool call, its nine stages, error result and the
 * results node — or, for a captured client's call, the stages Toolscope can observe (client-call.ts).
 */
export function addAssistantBlocks(state: RunGraphState, event: TurnCompleted): RunGraphState {
  const { turn } = event;
  const stream = graphIds.stream(turn);
  const next = replaceTurn(state, turn, (graph) => {
    const nodes: GraphNode[] = [];
    const edges: GraphEdge[] = [];
    const callIds: string[] = [];
    event.unified.content.forEach((block, index) => {
      const id = graphIds.block(turn, index);
      const blockType = describeBlockType(block);
      const callId = block.type === "toolCall" ? block.id : undefined;
      nodes.push({
        ...PENDING,
        id,
        kind: "block",
        turn,
        label: describeBlockLabel(block),
        blockType,
        status: "ok",
        seqs: [event.seq],
        detail: block.type === "toolCall" ? clip(block.rawArguments, 160) : "",
        ...(callId ? { callId } : {}),
      } satisfies BlockNode);
      edges.push(createEdge(stream, id));
      if (block.type === "toolCall") {
        callIds.push(block.id);
        const pipeline = state.captured
          ? buildClientCallPipeline(state, turn, block, id, event.seq)
          : buildCallPipeline(turn, block.id, id);
        nodes.push(...pipeline.nodes);
        edges.push(...pipeline.edges);
      }
    });
    const lastBlock = nodes.filter((node) => node.kind === "block").at(-1)?.id ?? stream;
    if (callIds.length === 0) return { ...addToTurn(graph, nodes, edges), exit: lastBlock };
    const results = graphIds.results(turn);
    nodes.push({
      ...PENDING,
      id: results,
      kind: "results",
      turn,
      label: "results",
      detail: `0/${callIds.length}`,
    } satisfies ResultsNode);
    for (const callId of callIds) edges.push(createEdge(graphIds.stage(turn, callId, "normalize"), results));
    return { ...addToTurn(graph, nodes, edges), callIds: [...graph.callIds, ...callIds], exit: results };
  });
  return next;
}

function buildCallPipeline(
  turn: number,
  callId: string,
  from: string,
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const stageIds = STAGES.map((stage) => graphIds.stage(turn, callId, stage));
  const errorResult = graphIds.errorResult(turn, callId);
  const nodes: GraphNode[] = STAGES.map(
    (stage, index) =>
      ({
        ...PENDING,
        id: stageIds[index]!,
        kind: "stage",
        turn,
        label: stage,
        stage,
        callId,
      }) satisfies StageNode,
  );
  nodes.push({
    ...PENDING,
    id: errorResult,
    kind: "error-result",
    turn,
    label: "error result",
    callId,
  } satisfies ErrorResultNode);
  const chain = [from, ...stageIds];
  const edges = chain.slice(1).map((id, index) => createEdge(chain[index]!, id));
  for (const stage of BRANCHING_STAGES)
    edges.push(createEdge(graphIds.stage(turn, callId, stage), errorResult, "branch"));
  edges.push(createEdge(errorResult, graphIds.stage(turn, callId, "normalize")));
  return { nodes, edges };
}

function describeBlockType(block: Block): GraphBlockType {
  switch (block.type) {
    case "text":
    case "thinking":
    case "redacted_thinking":
      return block.type;
    case "toolCall":
      return "tool_use";
    case "toolResult":
    case "unknown":
      return "other";
    default:
      return assertNever(block, "block type");
  }
}

function describeBlockLabel(block: Block): string {
  switch (block.type) {
    case "text":
      return clip(block.text);
    case "thinking":
      return clip(block.thinking);
    case "toolCall":
      return block.name;
    case "redacted_thinking":
    case "toolResult":
    case "unknown":
      return block.type;
    default:
      return assertNever(block, "block type");
  }
}

/**
 * The run graph's fold state, persistent so any prefix's state can be kept as a checkpoint:
 * a fold step copies only the turn it touches (a few dozen nodes), never the whole graph, and
 * a node that did not change keeps its identity.
 */
import type { WireStreamState } from "@/lib/protocol/wire-stream";
import type { ToolDefinition } from "../config";
import { emptyTurnList, findLastTurnIndex, replaceTurnAt, turnAt, type TurnList } from "./turn-list";
import { isNodeKind, type GraphEdge, type GraphNode, type GraphNodeKind, type GraphNodeOf } from "./types";

export interface TurnGraph {
  turn: number;
  /**
   * By id. A map, not an object: every turn's ids are new strings, and an object given a new key
   * per update made V8 build a new hidden class each time (a fifth of a long log's fold).
   */
  nodes: ReadonlyMap<string, GraphNode>;
  /** Node ids in the order they were added. */
  order: readonly string[];
  edges: readonly GraphEdge[];
  /** The turn's tool call ids, in call order. */
  callIds: readonly string[];
  /** The node the next turn (or the run's end) links from. */
  exit: string;
  /** The first node of the turn (the user message, or the tools section). */
  entry: string;
}

export interface RunGraphState {
  /** Turns in the order they appeared (a persistent list: a step copies a chunk of it, not all). */
  turns: TurnList<TurnGraph>;
  /** The highest turn number among `turns` (0 for none): a turn above it is new without a search. */
  maxTurn: number;
  /** The run that is live, as of the last `run.started`. */
  runId: string | null;
  /** How many turns there were when that run started (so its end knows whether it opened one). */
  runStart: number;
  /** The node the next turn links from when it is not the previous turn's exit (a run's end). */
  link: string | null;
  /** The node the run is paused at, if any. */
  pausedAt: { turn: number; id: string } | null;
  /** The latest attempt's stream, read as stream parts in its request's wire format. */
  stream: { turn: number; attempt: number; state: WireStreamState } | null;
  /** The session's tools as of the latest `session.created` / `session.configured` (a captured client's own). */
  tools: readonly ToolDefinition[];
  /** Whether the latest request was a captured client's: its calls are the client's to run. */
  captured: boolean;
  /** Validates a client call's arguments against its schema (injected: lib/trace runs no validator). */
  checkArguments?: ArgumentCheck;
}

/**
 * The verdict on a client call's arguments against its tool's schema, or `null` while it is not
 * known yet (the browser asks the server, which runs ajv: `POST /api/schema/validate`).
 */
export type ArgumentCheck = (call: {
  id: string;
  name: string;
  schema: unknown;
  input: unknown;
}) => { valid: boolean; errors: readonly { path: string; message: string }[] } | null;

export const EMPTY_RUN_GRAPH: RunGraphState = Object.freeze({
  turns: emptyTurnList<TurnGraph>(),
  maxTurn: 0,
  runId: null,
  runStart: 0,
  link: null,
  pausedAt: null,
  stream: null,
  tools: [],
  captured: false,
});

/** The index of a turn in `state.turns`, or -1 (turns are searched from the newest). */
export function findTurnIndex(state: RunGraphState, turn: number): number {
  return findLastTurnIndex(state.turns, (graph) => graph.turn === turn);
}

/** A turn's graph by its number, or undefined (searched from the newest, where events land). */
export function findTurn(state: RunGraphState, turn: number): TurnGraph | undefined {
  const index = findTurnIndex(state, turn);
  return index < 0 ? undefined : turnAt(state.turns, index);
}

/** Replaces one turn; returns the same state when the turn is unknown. */
export function replaceTurn(
  state: RunGraphState,
  turn: number,
  change: (graph: TurnGraph) => TurnGraph,
): RunGraphState {
  const index = findTurnIndex(state, turn);
  if (index < 0) return state;
  const before = turnAt(state.turns, index)!;
  const after = change(before);
  if (after === before) return state;
  return { ...state, turns: replaceTurnAt(state.turns, index, after) };
}

/** Changes one node of a turn; a missing node or an unchanged result changes nothing. */
export function updateNode(
  state: RunGraphState,
  turn: number,
  id: string,
  change: (node: GraphNode) => GraphNode,
): RunGraphState {
  return replaceTurn(state, turn, (graph) => {
    const node = graph.nodes.get(id);
    if (!node) return graph;
    const next = change(node);
    return next === node ? graph : { ...graph, nodes: new Map(graph.nodes).set(id, next) };
  });
}

/** Changes one node of a turn when it is of `kind`; a node of another kind is left as it is. */
export function updateNodeOf<K extends GraphNodeKind>(
  state: RunGraphState,
  turn: number,
  id: string,
  kind: K,
  change: (node: GraphNodeOf<K>) => GraphNodeOf<K>,
): RunGraphState {
  return updateNode(state, turn, id, (node) => (isNodeKind(node, kind) ? change(node) : node));
}

/** Adds nodes (ignoring ids already there) and edges (ignoring ids already there) to a turn. */
export function addToTurn(
  graph: TurnGraph,
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
): TurnGraph {
  const fresh = nodes.filter((node) => !graph.nodes.has(node.id));
  const known = new Set(graph.edges.map((edge) => edge.id));
  const freshEdges = edges.filter((edge) => !known.has(edge.id));
  if (fresh.length === 0 && freshEdges.length === 0) return graph;
  const added = new Map(graph.nodes);
  for (const node of fresh) added.set(node.id, node);
  return {
    ...graph,
    nodes: added,
    order: [...graph.order, ...fresh.map((node) => node.id)],
    edges: [...graph.edges, ...freshEdges],
  };
}

/** Appends a seq to a node's events (kept ascending and without repeats). */
export function withSeq(node: GraphNode, seq: number): GraphNode["seqs"] {
  return node.seqs.includes(seq) ? node.seqs : [...node.seqs, seq];
}

/** A node in a given state, reached by turn and id. */
export function findNode(state: RunGraphState, turn: number, id: string): GraphNode | undefined {
  return findTurn(state, turn)?.nodes.get(id);
}

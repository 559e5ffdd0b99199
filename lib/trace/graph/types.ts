/**
 * The run-level flow graph's shape (docs/architecture.md, "The tool pipeline"): per turn,
 * user message → request assembly (tools → system → messages) → model stream → assistant blocks
 * → each tool call's nine stages (with the branch to an error result) → results → next turn.
 *
 * Everything here is derived from the event log only. Node ids are stable: the same node has the
 * same id in every prefix of the log, and nodes and edges are only ever added as the log grows.
 */
import type { Stage } from "../events";

/** Where a node stands, as the events tell it. */
export const GRAPH_NODE_STATUSES = [
  "pending",
  "running",
  "ok",
  "error",
  "blocked",
  "skipped",
  "waiting",
] as const;
export type GraphNodeStatus = (typeof GRAPH_NODE_STATUSES)[number];

export const GRAPH_NODE_KINDS = [
  "user",
  "request-section",
  "stream",
  "block",
  "stage",
  "error-result",
  "results",
  "run-end",
] as const;
export type GraphNodeKind = (typeof GRAPH_NODE_KINDS)[number];

export type RequestSection = "tools" | "system" | "messages";
export const REQUEST_SECTIONS: readonly RequestSection[] = ["tools", "system", "messages"];

/** An assistant block's type in Anthropic's words (what the transcript shows). */
export type GraphBlockType = "text" | "thinking" | "redacted_thinking" | "tool_use" | "other";

export interface GraphNode {
  /** Stable across prefixes: `t1:stream`, `t1:call:toolu_1:validate`, `run:r1:end`… */
  id: string;
  kind: GraphNodeKind;
  /** The turn the node belongs to (a run end belongs to the run's last turn). */
  turn: number;
  status: GraphNodeStatus;
  /** A short, language-neutral name: the section, the block's tool name, the stage… */
  label: string;
  /** A one-line summary of what the events say (stage output and ms, wire events and stop reason…). */
  detail: string;
  /** The seqs of the events behind this node, ascending. */
  seqs: readonly number[];
  /** True while the run is paused at this node (a breakpoint, an approval, a manual result). */
  paused?: boolean;
  section?: RequestSection;
  /** The section's token estimate (`request.assembled.tokens`). */
  tokens?: number;
  /** For `stream`: wire events of the latest attempt so far, and the stop reason once known. */
  wireEvents?: number;
  /** For `stream`: the blocks its stream parts started so far, named (`text`, a tool's name…). */
  streamBlocks?: readonly string[];
  stopReason?: string;
  /** For `stream`: the stream failed part-way; its turn holds what had arrived (`turn.completed.cut`). */
  cut?: true;
  blockType?: GraphBlockType;
  /** For tool_use blocks, stages and error results. */
  callId?: string;
  stage?: Stage;
  /** Stage input and output summaries, and the stage's duration on the run's clock. */
  input?: string;
  output?: string;
  ms?: number;
  /** For `error-result` and `results`: the error kind, or the results received so far. */
  errorKind?: string;
}

/** `flow`: the normal path; `branch`: a failing stage to its call's error result. */
export type GraphEdgeKind = "flow" | "branch";

export interface GraphEdge {
  /** `${source}->${target}`, stable across prefixes. */
  id: string;
  source: string;
  target: string;
  kind: GraphEdgeKind;
}

export interface RunGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** Stable node ids. */
export const graphIds = {
  user: (turn: number) => `t${turn}:user`,
  section: (turn: number, section: RequestSection) => `t${turn}:request:${section}`,
  stream: (turn: number) => `t${turn}:stream`,
  block: (turn: number, index: number) => `t${turn}:block:${index}`,
  stage: (turn: number, callId: string, stage: Stage) => `t${turn}:call:${callId}:${stage}`,
  errorResult: (turn: number, callId: string) => `t${turn}:call:${callId}:error-result`,
  results: (turn: number) => `t${turn}:results`,
  runEnd: (runId: string) => `run:${runId}:end`,
};

/** Creates an edge with its stable id. */
export function createEdge(source: string, target: string, kind: GraphEdgeKind = "flow"): GraphEdge {
  return { id: `${source}->${target}`, source, target, kind };
}

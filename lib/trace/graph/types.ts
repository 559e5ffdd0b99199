/**
 * The run-level flow graph's shape (docs/architecture.md, "The tool pipeline"): per turn,
 * user message → request assembly (tools → system → messages) → model stream → assistant blocks
 * → each tool call's nine stages (with the branch to an error result) → results → next turn.
 *
 * Everything here is derived from the event log only. Node ids are stable: the same node has the
 * same id in every prefix of the log, and nodes and edges are only ever added as the log grows.
 */
import { assertNever } from "@/lib/protocol/unified";
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

/** What every node has, whatever its kind. */
interface NodeBase<K extends GraphNodeKind> {
  /** Stable across prefixes: `t1:stream`, `t1:call:toolu_1:validate`, `run:r1:end`… */
  id: string;
  kind: K;
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
}

/** The user's message that opened the turn. */
export type UserNode = NodeBase<"user">;

/** One section of the model request (tools → system → messages). */
export interface RequestSectionNode extends NodeBase<"request-section"> {
  section: RequestSection;
  /** The section's token estimate (`request.assembled.tokens`), once assembled. */
  tokens?: number;
}

/** The model's stream for the turn. */
export interface StreamNode extends NodeBase<"stream"> {
  /** Wire events of the latest attempt so far. */
  wireEvents: number;
  /** The blocks its stream parts started so far, named (`text`, a tool's name…). */
  streamBlocks?: readonly string[];
  /** The stop reason, once the turn completed. */
  stopReason?: string;
  /** The stream failed part-way; its turn holds what had arrived (`turn.completed.cut`). */
  cut?: true;
}

/** One block of the assistant's message. */
export interface BlockNode extends NodeBase<"block"> {
  blockType: GraphBlockType;
  /** The call a `tool_use` block made (no other block has one). */
  callId?: string;
  /** The call's group in its batch's schedule (`batch.planned`), 0-based: calls of one group run together. */
  batchGroup?: number;
}

/** One of a tool call's nine stages. */
export interface StageNode extends NodeBase<"stage"> {
  callId: string;
  stage: Stage;
  /** The stage's input and output summaries, and its duration on the run's clock. */
  input?: string;
  output?: string;
  ms?: number;
  /**
   * A captured client's call, which Toolscope did not run: `toolscope` on the stages it checks
   * itself (lookup, validate against the client's own schema), `client` on what the client did
   * (executed it, with the client's tool time as `ms`; the result it sent).
   */
  by?: "toolscope" | "client";
  /** On a stage Toolscope checks itself (`by: "toolscope"`): what the check found, or why there was none. */
  check?: ClientCheck;
}

/**
 * What Toolscope's own check of a client's call found: lookup — `declared` / `undeclared` among the
 * client's tools; validate — `valid`, `invalid`, `not-json` against the client's schema, `checking`
 * until the answer comes, or not checked: `no-such-tool`, `no-checker` (a view that runs none).
 */
export type ClientCheck =
  "declared" | "undeclared" | "valid" | "invalid" | "not-json" | "checking" | "no-such-tool" | "no-checker";

/** The branch a call takes when it fails before `execute` (or the run's end answers it). */
export interface ErrorResultNode extends NodeBase<"error-result"> {
  callId: string;
  /** The result's error kind, once the call took this branch. */
  errorKind?: string;
}

/** The turn's tool results; `detail` counts those received so far. */
export type ResultsNode = NodeBase<"results">;

/** The end of a run, linked from its last turn. */
export type RunEndNode = NodeBase<"run-end">;

/** A node of the graph: a discriminated union on `kind`, as `TraceEvent` is. */
export type GraphNode =
  | UserNode
  | RequestSectionNode
  | StreamNode
  | BlockNode
  | StageNode
  | ErrorResultNode
  | ResultsNode
  | RunEndNode;

/** The node type of one kind. */
export type GraphNodeOf<K extends GraphNodeKind> = Extract<GraphNode, { kind: K }>;

/** Whether a node is of the given kind (narrows it). */
export function isNodeKind<K extends GraphNodeKind>(node: GraphNode, kind: K): node is GraphNodeOf<K> {
  return node.kind === kind;
}

/** The tool call a node belongs to: a tool_use block's, a stage's or an error result's; else undefined. */
export function readCallId(node: GraphNode): string | undefined {
  switch (node.kind) {
    case "block":
    case "stage":
    case "error-result":
      return node.callId;
    case "user":
    case "request-section":
    case "stream":
    case "results":
    case "run-end":
      return undefined;
    default:
      return assertNever(node, "graph node kind");
  }
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

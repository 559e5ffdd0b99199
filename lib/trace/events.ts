/**
 * The event log's vocabulary (docs/architecture.md, "The one idea: an append-only event log").
 *
 * Every event shares the envelope `{ seq, at, sessionId, kind }`: `seq` is dense from 0 per
 * session, `at` is epoch milliseconds when the event was appended. Events are frozen once
 * appended. Turns are numbered from 1 per session; attempts from 1 per turn.
 */
import type {
  ErrorKind,
  StopReason,
  ToolResultBlock,
  UnifiedMessage,
  Usage,
  WireFormat,
} from "@/lib/protocol/unified";
import type { SessionConfig, WorkspaceFiles } from "./config";
import type { McpConnected, McpFailed, McpMessage, SessionTrusted } from "./mcp-events";

export type { McpConnected, McpFailed, McpMessage, McpToolSummary, SessionTrusted } from "./mcp-events";

export interface Envelope {
  seq: number;
  at: number;
  sessionId: string;
}

export interface SessionCreated extends Envelope {
  kind: "session.created";
  config: SessionConfig;
  workspace: WorkspaceFiles;
}

export interface SessionConfigured extends Envelope {
  kind: "session.configured";
  changes: Partial<{ [K in keyof SessionConfig]: { before: SessionConfig[K]; after: SessionConfig[K] } }>;
}

export interface SessionForked extends Envelope {
  kind: "session.forked";
  parentId: string;
  forkSeq: number;
  edits: Record<string, unknown>;
}

export interface UserMessage extends Envelope {
  kind: "user.message";
  turn: number;
  text: string;
}

export type RunTrigger = "message" | "continue" | "replay";

export interface RunStarted extends Envelope {
  kind: "run.started";
  runId: string;
  trigger: RunTrigger;
}

export interface TokenEstimate {
  tools: number;
  system: number;
  messages: number;
  total: number;
  /** Which tokenizer counted; an estimate for providers whose tokenizer is not public. */
  tokenizer: string;
}

export interface RequestAssembled extends Envelope {
  kind: "request.assembled";
  turn: number;
  attempt: number;
  format: WireFormat;
  /** The exact request body, keys in the order tools → system → messages. */
  body: Record<string, unknown>;
  tokens: TokenEstimate;
}

export interface WireResponse extends Envelope {
  kind: "wire.response";
  turn: number;
  attempt: number;
  status: number;
  /** Response headers, secrets removed. */
  headers: Record<string, string>;
}

export interface WireEvent extends Envelope {
  kind: "wire.event";
  turn: number;
  attempt: number;
  /** Index of this SSE event within its attempt, from 0. */
  index: number;
  /** The SSE `event:` field, or `null` when absent (OpenAI chat). */
  event: string | null;
  /** The raw `data:` text. */
  data: string;
  receivedAt: number;
}

export interface WireError extends Envelope {
  kind: "wire.error";
  turn: number;
  attempt: number;
  /** `http`: a non-2xx status; `transport`: the connection failed; `stream`: an `error` event mid-stream. */
  source: "http" | "transport" | "stream";
  status: number | null;
  message: string;
  body: string | null;
}

export interface TurnCompleted extends Envelope {
  kind: "turn.completed";
  turn: number;
  attempt: number;
  format: WireFormat;
  /** The assistant message exactly as the provider's SDK assembled it. */
  message: unknown;
  unified: UnifiedMessage;
  stopReason: StopReason;
  usage: Usage;
  /**
   * The stream failed part-way and this is what had arrived (`stopReason` is `other`, usage
   * unknown). A live run records it only when it holds a tool call, which the run's end then
   * answers with an `interrupted` result, so the transcript stays valid; an import marks any
   * capture that ends part-way, and answers its calls with `interrupted` results itself.
   */
  cut?: true;
}

export interface BatchPlanned extends Envelope {
  kind: "batch.planned";
  turn: number;
  callIds: string[];
  policy: "all-or-nothing" | "independent";
  /** Groups in execution order; calls within a group run in parallel. */
  schedule: string[][];
}

export const STAGES = [
  "lookup",
  "prepare",
  "validate",
  "preflight",
  "approval",
  "execute",
  "progress",
  "post",
  "normalize",
] as const;
export type Stage = (typeof STAGES)[number];

export type StageStatus = "running" | "ok" | "error" | "blocked" | "skipped" | "waiting";

export interface ToolStage extends Envelope {
  kind: "tool.stage";
  callId: string;
  stage: Stage;
  status: StageStatus;
  /** Short human-readable summaries; the full values live in the surrounding events. */
  input?: string;
  output?: string;
  ms?: number;
}

export interface ToolDecision extends Envelope {
  kind: "tool.decision";
  callId: string;
  decision: "approve" | "deny" | "edit" | "manual-result";
  arguments?: unknown;
  reason?: string;
  content?: string;
  isError?: boolean;
}

export interface ToolProgress extends Envelope {
  kind: "tool.progress";
  callId: string;
  message: string;
  /** 0..1 when the tool knows. */
  fraction?: number;
}

export interface ToolResult extends Envelope {
  kind: "tool.result";
  callId: string;
  turn: number;
  name: string;
  content: string;
  isError: boolean;
  errorKind?: ErrorKind;
  /** What the model should do next, when the harness has advice. */
  hint?: string;
}

export type WorkspaceChange =
  | { type: "write"; path: string; content: string }
  | { type: "delete"; path: string }
  | { type: "ledger"; entry: Record<string, unknown> };

export interface WorkspaceChanged extends Envelope {
  kind: "workspace.changed";
  callId: string;
  change: WorkspaceChange;
}

export interface CallReplayed extends Envelope {
  kind: "call.replayed";
  callId: string;
  arguments: unknown;
  tool: unknown;
  stages: { stage: Stage; status: StageStatus; detail?: string; ms: number }[];
  result: { content: string; isError: boolean; errorKind?: ErrorKind; hint?: string };
}

export type PauseReason = "breakpoint" | "approval" | "manual-result";

export interface RunPaused extends Envelope {
  kind: "run.paused";
  runId: string;
  reason: PauseReason;
  point?: string;
  callId?: string;
}

export interface RunResumed extends Envelope {
  kind: "run.resumed";
  runId: string;
  reason: PauseReason;
  point?: string;
  callId?: string;
}

interface RunEnd extends Envelope {
  runId: string;
  reason: string;
  /** Results added so that every tool call keeps exactly one paired result. */
  syntheticResults: ToolResultBlock[];
}

export interface RunFinished extends RunEnd {
  kind: "run.finished";
}
export interface RunInterrupted extends RunEnd {
  kind: "run.interrupted";
}
export interface RunFailed extends RunEnd {
  kind: "run.failed";
  error: string;
}

export type TraceEvent =
  | SessionCreated
  | SessionConfigured
  | SessionForked
  | UserMessage
  | RunStarted
  | RequestAssembled
  | WireResponse
  | WireEvent
  | WireError
  | TurnCompleted
  | BatchPlanned
  | ToolStage
  | ToolDecision
  | ToolProgress
  | ToolResult
  | WorkspaceChanged
  | CallReplayed
  | RunPaused
  | RunResumed
  | RunFinished
  | RunInterrupted
  | RunFailed
  | McpConnected
  | McpFailed
  | McpMessage
  | SessionTrusted;

export type EventKind = TraceEvent["kind"];

/** An event before the store gives it its envelope. */
export type NewEvent = TraceEvent extends infer E
  ? E extends TraceEvent
    ? Omit<E, keyof Envelope>
    : never
  : never;

export type EventOf<K extends EventKind> = Extract<TraceEvent, { kind: K }>;

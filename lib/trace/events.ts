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

/** `capture`: one request a client sent to the capture endpoints, carried to its response's end. */
export type RunTrigger = "message" | "continue" | "replay" | "capture";

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
  /**
   * The exact request body, keys in the order tools → system → messages; for a capture, the
   * client's body exactly as it sent it.
   */
  body: Record<string, unknown>;
  tokens: TokenEstimate;
  /** A capture only: the client's request headers, without credentials (`authorization`, `x-api-key`, cookies). */
  headers?: Record<string, string>;
  /** A capture only: where the request went and what answered it. */
  capture?: CaptureRequestInfo;
}

/** What a capture recorded about one client request besides its body (docs/architecture.md, "Capture"). */
export interface CaptureRequestInfo {
  /** The path after the endpoint's base URL, with the query string as sent: `/v1/messages?beta=true`. */
  path: string;
  /** The upstream's name (`offline`, `anthropic`, `openai`, `openai-compatible`). */
  upstream: string;
  /** The client, named from its `User-Agent` (`Claude Code`, `Anthropic SDK`…). */
  client: string;
}

/**
 * A capture only: a client's token count (`POST …/v1/messages/count_tokens`), recorded in its
 * session without opening a turn: `afterTurn` is the turn of the session's last request (0 before
 * the first). `body` is the client's body exactly; `response` the answer it got (JSON when it
 * parses), `inputTokens` its `input_tokens` (`null` when the upstream refused).
 */
export interface TokensCounted extends Envelope {
  kind: "tokens.counted";
  afterTurn: number;
  format: WireFormat;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  capture: CaptureRequestInfo;
  status: number;
  inputTokens: number | null;
  response: unknown;
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
  /** `client`: a captured client ran the call and sent this result in its next request. */
  source?: "client";
  /** A client's result: ms from the end of the response that made the call to the request that carried the result. */
  clientMs?: number;
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

/**
 * Whether the session may send requests to a provider `baseURL`. An import holds every base URL
 * its provider configs name (`trusted: false`, `reason`), since a file from elsewhere must not
 * send this server's key to a host of its choosing; a person's confirmation on the session page
 * releases one (`trusted: true`). See lib/trace/provider-trust.ts.
 */
export interface ProviderTrust extends Envelope {
  kind: "provider.trust";
  baseURL: string;
  trusted: boolean;
  reason: string;
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
  /**
   * True when a fork ended the run it copied (the child does not continue it): the child is then
   * `idle`, ready to continue, not `interrupted`.
   */
  forked?: true;
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
  | TokensCounted
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
  | ProviderTrust
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

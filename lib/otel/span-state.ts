/** The state the span mapping folds the log into, and the helpers that open and end spans. */
import type { ProviderConfig, ToolDefinition } from "@/lib/trace/config";
import { EMPTY_TRANSCRIPT, TranscriptBuilder } from "@/lib/trace/transcript";
import { spanIdFor, traceIdFor } from "./ids";
import type { Attributes, SpanKindName, SpanOptions, SpanRecord } from "./types";

export interface CallInfo {
  name: string;
  arguments: unknown;
  turn: number;
  /** The chat span that asked for the call. */
  chat: SpanRecord | null;
}

export interface McpServerInfo {
  protocolVersion?: string;
  transport?: string;
}

export interface MapState {
  sessionId: string;
  options: SpanOptions;
  /** Every span, in the order it was opened. */
  spans: SpanRecord[];
  /** The transcript so far (what each request sent), folded in place. */
  transcript: TranscriptBuilder;
  provider: ProviderConfig | null;
  tools: ToolDefinition[];
  run: SpanRecord | null;
  /** Chat spans by `turn/attempt`. */
  chats: Map<string, SpanRecord>;
  /** The last chat span of each turn. */
  turnChats: Map<number, SpanRecord>;
  calls: Map<string, CallInfo>;
  toolSpans: Map<string, SpanRecord>;
  /** Open stage spans by `callId/stage`. */
  stages: Map<string, SpanRecord>;
  /** How many spans each `callId/stage` has had (a re-validated edit runs a stage twice). */
  stageRuns: Map<string, number>;
  mcpServers: Map<string, McpServerInfo>;
  /** Open MCP request spans by `server/request id`. */
  mcpRequests: Map<string, SpanRecord>;
}

export function createMapState(options: SpanOptions): MapState {
  return {
    sessionId: "",
    options,
    spans: [],
    transcript: new TranscriptBuilder(EMPTY_TRANSCRIPT),
    provider: null,
    tools: [],
    run: null,
    chats: new Map(),
    turnChats: new Map(),
    calls: new Map(),
    toolSpans: new Map(),
    stages: new Map(),
    stageRuns: new Map(),
    mcpServers: new Map(),
    mcpRequests: new Map(),
  };
}

/** The session's own trace: spans outside any run (a capture's or an import's requests). */
export const sessionTraceId = (state: MapState) => traceIdFor(state.sessionId);

/** Opens a span under `parent` (or as a root of the session's trace), keyed for a stable id. */
export function openSpan(
  state: MapState,
  key: string,
  init: {
    name: string;
    kind?: SpanKindName;
    startMs: number;
    parent: SpanRecord | null;
    attributes: Attributes;
  },
): SpanRecord {
  const span: SpanRecord = {
    traceId: init.parent?.traceId ?? sessionTraceId(state),
    spanId: spanIdFor(`${state.sessionId}/${key}`),
    ...(init.parent ? { parentSpanId: init.parent.spanId } : {}),
    name: init.name,
    kind: init.kind ?? "internal",
    startMs: init.startMs,
    endMs: null,
    attributes: init.attributes,
    events: [],
    status: { code: "unset" },
  };
  state.spans.push(span);
  return span;
}

/** Ends a span at `atMs` (never before it started); a span already ended keeps its end. */
export function endSpan(span: SpanRecord, atMs: number): void {
  if (span.endMs === null) span.endMs = Math.max(atMs, span.startMs);
}

/** Marks a span failed with `type` as its `error.type`. */
export function failSpan(span: SpanRecord, type: string, message?: string): void {
  span.attributes["error.type"] = type;
  span.status = { code: "error", ...(message ? { message } : {}) };
}

/** Sets the attributes whose values are defined. */
export function setDefined(
  attributes: Attributes,
  values: Record<string, string | number | boolean | string[] | undefined | null>,
): void {
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null) attributes[key] = value;
}

/** The conventions' provider name for a session's provider (and the wire the offline model speaks). */
export function providerName(provider: ProviderConfig | null): string {
  switch (provider?.kind) {
    case "anthropic":
      return "anthropic";
    case "openai-chat":
    case "openai-responses":
      return "openai";
    default:
      return "toolscope.offline";
  }
}

/** Content attributes are JSON strings on spans (the conventions allow it where structure is not supported). */
export const json = (value: unknown): string => JSON.stringify(value);

/**
 * A session's log as OpenTelemetry spans, after the GenAI semantic conventions
 * (`SEMCONV_VERSION`; docs/otel.md): a run is an `invoke_agent` span; each model request (each
 * attempt) a `chat` span under it; each tool call an `execute_tool` span under the run, its
 * stages as child spans; MCP requests as `mcp.*` client spans under their call. Requests and
 * calls outside a run (a capture, an import) sit in the session's own trace, a call under the
 * request that asked for it. Pure: the same log always gives the same spans and ids.
 */
import { assertNever } from "@/lib/protocol/unified";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { toFinishReason, toSemconvMessages, toSystemInstructions, toToolDefinitions } from "./messages";
import {
  createMapState,
  endSpan,
  failSpan,
  json,
  openSpan,
  providerName,
  setDefined,
  type MapState,
} from "./span-state";
import { traceIdFor, spanIdFor } from "./ids";
import {
  endToolCall,
  onBatchPlanned,
  onCallReplayed,
  onMcpEvent,
  onToolDecision,
  onToolProgress,
  onToolResult,
  onToolStage,
  onWorkspaceChanged,
} from "./tool-spans";
import type { SpanOptions, SpanRecord } from "./types";

export const AGENT_NAME = "toolscope";

function onRunStarted(state: MapState, event: EventOf<"run.started">): void {
  const traceId = traceIdFor(`${state.sessionId}/run/${event.runId}`);
  const span: SpanRecord = {
    traceId,
    spanId: spanIdFor(`${state.sessionId}/run/${event.runId}`),
    name: `invoke_agent ${AGENT_NAME}`,
    kind: "internal",
    startMs: event.at,
    endMs: null,
    attributes: {
      "gen_ai.operation.name": "invoke_agent",
      "gen_ai.agent.name": AGENT_NAME,
      "gen_ai.provider.name": providerName(state.provider),
      "gen_ai.conversation.id": state.sessionId,
      "toolscope.run.id": event.runId,
      "toolscope.run.trigger": event.trigger,
    },
    events: [],
    status: { code: "unset" },
  };
  setDefined(span.attributes, {
    "gen_ai.request.model": state.provider?.model,
    "toolscope.provider.kind": state.provider?.kind,
  });
  state.spans.push(span);
  state.run = span;
}

function onRunEnded(
  state: MapState,
  event: EventOf<"run.finished" | "run.interrupted" | "run.failed">,
): void {
  for (const result of event.syntheticResults) endToolCall(state, result, event.at, { synthetic: true });
  const run = state.run;
  state.run = null;
  if (!run || run.attributes["toolscope.run.id"] !== event.runId) return;
  run.attributes["toolscope.run.outcome"] = event.kind.slice("run.".length);
  run.attributes["toolscope.run.reason"] = event.reason;
  if (event.kind === "run.failed") failSpan(run, "run_failed", event.error);
  for (const span of state.spans) if (span.traceId === run.traceId) endSpan(span, event.at);
  endSpan(run, event.at);
}

function onRunPause(state: MapState, event: EventOf<"run.paused" | "run.resumed">): void {
  const attributes: Record<string, string> = { "toolscope.pause.reason": event.reason };
  if (event.point) attributes["toolscope.pause.point"] = event.point;
  if (event.callId) attributes["gen_ai.tool.call.id"] = event.callId;
  state.run?.events.push({ name: `toolscope.${event.kind}`, atMs: event.at, attributes });
}

function readRequestModel(body: Record<string, unknown>): string | undefined {
  return typeof body.model === "string" ? body.model : undefined;
}

function onRequestAssembled(state: MapState, event: EventOf<"request.assembled">): void {
  const model = readRequestModel(event.body) ?? state.provider?.model;
  const span = openSpan(state, `chat/${event.seq}`, {
    name: model ? `chat ${model}` : "chat",
    kind: "client",
    startMs: event.at,
    parent: state.run,
    attributes: {
      "gen_ai.operation.name": "chat",
      "gen_ai.provider.name": providerName(state.provider),
      "gen_ai.conversation.id": state.sessionId,
      "toolscope.turn": event.turn,
      "toolscope.attempt": event.attempt,
      "toolscope.wire.format": event.format,
      "toolscope.tokens.estimate": event.tokens.total,
    },
  });
  const { body } = event;
  setDefined(span.attributes, {
    "gen_ai.request.model": model,
    "toolscope.provider.kind": state.provider?.kind,
    "gen_ai.request.max_tokens": typeof body.max_tokens === "number" ? body.max_tokens : undefined,
    "gen_ai.request.temperature": typeof body.temperature === "number" ? body.temperature : undefined,
    "gen_ai.request.stream": body.stream === true ? true : undefined,
  });
  if (state.options.captureContent) {
    const view = state.transcript.view();
    span.attributes["gen_ai.input.messages"] = json(toSemconvMessages(view.messages));
    span.attributes["gen_ai.system_instructions"] = json(toSystemInstructions(view.system));
    span.attributes["gen_ai.tool.definitions"] = json(toToolDefinitions(view.tools));
  }
  state.chats.set(`${event.turn}/${event.attempt}`, span);
  state.turnChats.set(event.turn, span);
}

/** Request attributes a retry shares with the attempt it repeats. */
const RETRY_DROPS =
  /^(error\.type|http\.|gen_ai\.response\.|gen_ai\.usage\.|gen_ai\.output\.|toolscope\.(wire|stop_reason|turn\.cut))/;

/**
 * The chat span of an attempt. The SDK retries a failed request itself, so an attempt after the
 * first has no `request.assembled` of its own: its span repeats the first attempt's request.
 */
function chatFor(state: MapState, turn: number, attempt: number, atMs: number): SpanRecord | undefined {
  const key = `${turn}/${attempt}`;
  const existing = state.chats.get(key);
  if (existing) return existing;
  const base = state.turnChats.get(turn);
  if (!base) return undefined;
  const attributes = Object.fromEntries(
    Object.entries(base.attributes).filter(([name]) => !RETRY_DROPS.test(name)),
  );
  const span = openSpan(state, `chat/${base.spanId}/attempt/${attempt}`, {
    name: base.name,
    kind: "client",
    startMs: atMs,
    parent: state.run,
    attributes: { ...attributes, "toolscope.attempt": attempt },
  });
  state.chats.set(key, span);
  state.turnChats.set(turn, span);
  return span;
}

function onWireResponse(state: MapState, event: EventOf<"wire.response">): void {
  const span = chatFor(state, event.turn, event.attempt, event.at);
  if (span) span.attributes["http.response.status_code"] = event.status;
}

function onWireEvent(state: MapState, event: EventOf<"wire.event">): void {
  const span = chatFor(state, event.turn, event.attempt, event.at);
  if (!span) return;
  const count = span.attributes["toolscope.wire.event_count"];
  span.attributes["toolscope.wire.event_count"] = (typeof count === "number" ? count : 0) + 1;
  if (count === undefined)
    span.attributes["gen_ai.response.time_to_first_chunk"] =
      Math.max(0, event.receivedAt - span.startMs) / 1000;
}

function onWireError(state: MapState, event: EventOf<"wire.error">): void {
  const span = chatFor(state, event.turn, event.attempt, event.at);
  if (!span) return;
  failSpan(
    span,
    event.source === "http" && event.status !== null ? String(event.status) : event.source,
    event.message,
  );
  span.attributes["toolscope.wire.error.source"] = event.source;
  endSpan(span, event.at);
}

function onTurnCompleted(state: MapState, event: EventOf<"turn.completed">): void {
  const span = chatFor(state, event.turn, event.attempt, event.at) ?? null;
  for (const block of event.unified.content)
    if (block.type === "toolCall")
      state.calls.set(block.id, {
        name: block.name,
        arguments: block.arguments,
        turn: event.turn,
        chat: span,
      });
  if (!span) return;
  const finish = toFinishReason(event.stopReason, event.cut === true);
  const message = event.message as { id?: unknown; model?: unknown } | null;
  setDefined(span.attributes, {
    "gen_ai.response.finish_reasons": [finish],
    "gen_ai.usage.input_tokens": event.usage.inputTokens,
    "gen_ai.usage.output_tokens": event.usage.outputTokens,
    "gen_ai.response.id": typeof message?.id === "string" ? message.id : undefined,
    "gen_ai.response.model": typeof message?.model === "string" ? message.model : undefined,
    "toolscope.stop_reason": event.stopReason.unified,
    "toolscope.stop_reason.raw": event.stopReason.raw,
    "toolscope.turn.cut": event.cut,
  });
  if (state.options.captureContent) {
    const output = [{ ...toSemconvMessages([event.unified])[0]!, finish_reason: finish }];
    span.attributes["gen_ai.output.messages"] = json(output);
  }
  if (event.cut && span.status.code !== "error") failSpan(span, "stream_cut");
  endSpan(span, event.at);
}

function onConfig(state: MapState, event: EventOf<"session.created" | "session.configured">): void {
  if (event.kind === "session.created") {
    state.provider = event.config.provider;
    state.tools = event.config.tools;
    return;
  }
  if (event.changes.provider) state.provider = event.changes.provider.after;
  if (event.changes.tools) state.tools = event.changes.tools.after;
}

function mapEvent(state: MapState, event: TraceEvent): void {
  switch (event.kind) {
    case "session.created":
    case "session.configured":
      return onConfig(state, event);
    case "run.started":
      return onRunStarted(state, event);
    case "run.finished":
    case "run.interrupted":
    case "run.failed":
      return onRunEnded(state, event);
    case "run.paused":
    case "run.resumed":
      return onRunPause(state, event);
    case "request.assembled":
      return onRequestAssembled(state, event);
    case "wire.response":
      return onWireResponse(state, event);
    case "wire.event":
      return onWireEvent(state, event);
    case "wire.error":
      return onWireError(state, event);
    case "turn.completed":
      return onTurnCompleted(state, event);
    case "batch.planned":
      return onBatchPlanned(state, event);
    case "tool.stage":
      return onToolStage(state, event);
    case "tool.decision":
      return onToolDecision(state, event);
    case "tool.progress":
      return onToolProgress(state, event);
    case "tool.result":
      return onToolResult(state, event);
    case "workspace.changed":
      return onWorkspaceChanged(state, event);
    case "call.replayed":
      return onCallReplayed(state, event, event.seq);
    case "session.forked":
    case "user.message":
    case "provider.trust":
    case "session.trusted":
    case "mcp.connected":
    case "mcp.failed":
    case "mcp.message":
    case "tokens.counted":
      return;
    default:
      return assertNever(event, "event kind");
  }
}

/** A mapping fed one event at a time (the live export keeps one per session and feeds it what is new). */
export interface SpanMapper {
  add(event: TraceEvent): void;
  /** Every span so far, in the order they were opened; an open one has `endMs: null`. */
  spans(): readonly SpanRecord[];
}

export function createSpanMapper(options: SpanOptions): SpanMapper {
  const state = createMapState(options);
  return {
    add(event) {
      state.sessionId ||= event.sessionId;
      const kind = (event as { kind: string }).kind;
      if (kind.startsWith("mcp.")) onMcpEvent(state, event as unknown as Parameters<typeof onMcpEvent>[1]);
      else if (KNOWN_KINDS.has(kind)) {
        mapEvent(state, event);
        state.transcript.apply(event);
      }
    },
    spans: () => state.spans,
  };
}

/**
 * Every span of a session's log, in the order they were opened; a span whose end the log has not
 * reached yet has `endMs: null`. Kinds this version does not know (`mcp.*` are read loosely)
 * are skipped, so a newer log still maps.
 */
export function mapSessionToSpans(events: readonly TraceEvent[], options: SpanOptions): SpanRecord[] {
  const mapper = createSpanMapper(options);
  for (const event of events) mapper.add(event);
  return [...mapper.spans()];
}

const KNOWN_KINDS: ReadonlySet<string> = new Set([
  "session.created",
  "session.configured",
  "session.forked",
  "user.message",
  "run.started",
  "request.assembled",
  "wire.response",
  "wire.event",
  "wire.error",
  "turn.completed",
  "batch.planned",
  "tool.stage",
  "tool.decision",
  "tool.progress",
  "tool.result",
  "workspace.changed",
  "call.replayed",
  "run.paused",
  "run.resumed",
  "run.finished",
  "run.interrupted",
  "run.failed",
]);

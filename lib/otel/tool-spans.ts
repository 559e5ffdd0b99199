/**
 * Tool calls as `execute_tool` spans, the nine stages as their child spans, and MCP requests as
 * `mcp.*` client spans under the call they serve.
 */
import type { ToolResultBlock } from "@/lib/protocol/unified";
import type { EventOf } from "@/lib/trace/events";
import { endSpan, failSpan, json, openSpan, setDefined, type MapState } from "./span-state";
import type { SpanRecord } from "./types";

const MCP_TOOL = /^mcp__(.+?)__(.+)$/;

/** The MCP server and tool behind a session tool, from its `source` or its `mcp__server__tool` name. */
function readMcpSource(state: MapState, name: string): { server: string; tool: string } | null {
  const definition = state.tools.find((tool) => tool.name === name) as { source?: unknown } | undefined;
  const source = definition?.source as { mcp?: unknown; tool?: unknown } | undefined;
  if (source && typeof source.mcp === "string" && typeof source.tool === "string")
    return { server: source.mcp, tool: source.tool };
  const match = MCP_TOOL.exec(name);
  return match ? { server: match[1]!, tool: match[2]! } : null;
}

/** The call's `execute_tool` span, opened at `atMs` when this is the first sign of it. */
export function ensureToolSpan(state: MapState, callId: string, atMs: number, name?: string): SpanRecord {
  const existing = state.toolSpans.get(callId);
  if (existing) return existing;
  const call = state.calls.get(callId);
  const toolName = call?.name ?? name ?? "";
  const span = openSpan(state, `tool/${callId}`, {
    name: `execute_tool ${toolName}`,
    startMs: atMs,
    parent: state.run ?? call?.chat ?? null,
    attributes: {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": toolName,
      "gen_ai.tool.call.id": callId,
      "gen_ai.tool.type": "function",
      "gen_ai.conversation.id": state.sessionId,
    },
  });
  const description = state.tools.find((tool) => tool.name === toolName)?.description;
  if (description) span.attributes["gen_ai.tool.description"] = description;
  const mcp = readMcpSource(state, toolName);
  if (mcp) {
    span.attributes["gen_ai.tool.type"] = "extension";
    setDefined(span.attributes, {
      "mcp.method.name": "tools/call",
      "toolscope.mcp.server": mcp.server,
      "toolscope.mcp.tool": mcp.tool,
      "mcp.protocol.version": state.mcpServers.get(mcp.server)?.protocolVersion,
    });
  }
  if (state.options.captureContent && call)
    span.attributes["gen_ai.tool.call.arguments"] = json(call.arguments);
  state.toolSpans.set(callId, span);
  return span;
}

export function onBatchPlanned(state: MapState, event: EventOf<"batch.planned">): void {
  for (const callId of event.callIds) ensureToolSpan(state, callId, event.at);
  if (state.run) {
    state.run.events.push({
      name: "toolscope.batch.planned",
      atMs: event.at,
      attributes: {
        "toolscope.turn": event.turn,
        "toolscope.batch.policy": event.policy,
        "toolscope.batch.schedule": json(event.schedule),
      },
    });
  }
}

export function onToolStage(state: MapState, event: EventOf<"tool.stage">): void {
  const tool = ensureToolSpan(state, event.callId, event.at);
  const key = `${event.callId}/${event.stage}`;
  let span = state.stages.get(key);
  if (!span) {
    const run = (state.stageRuns.get(key) ?? 0) + 1;
    state.stageRuns.set(key, run);
    const startMs = event.status === "running" || event.ms === undefined ? event.at : event.at - event.ms;
    span = openSpan(state, `stage/${key}/${run}`, {
      name: `stage ${event.stage}`,
      startMs,
      parent: tool,
      attributes: { "toolscope.stage": event.stage, "gen_ai.tool.call.id": event.callId },
    });
    state.stages.set(key, span);
  }
  span.attributes["toolscope.stage.status"] = event.status;
  if (state.options.captureContent) {
    setDefined(span.attributes, {
      "toolscope.stage.input": event.input,
      "toolscope.stage.output": event.output,
    });
  }
  if (event.status === "running") return;
  if (event.status === "waiting") {
    span.events.push({ name: "toolscope.stage.waiting", atMs: event.at, attributes: {} });
    return;
  }
  if (event.ms !== undefined) span.attributes["toolscope.stage.ms"] = event.ms;
  if (event.status === "error" || event.status === "blocked") failSpan(span, event.status);
  endSpan(span, event.at);
  state.stages.delete(key);
}

export function onToolDecision(state: MapState, event: EventOf<"tool.decision">): void {
  const span = ensureToolSpan(state, event.callId, event.at);
  const attributes: Record<string, string | boolean> = { "toolscope.decision": event.decision };
  if (state.options.captureContent) {
    if (event.reason) attributes["toolscope.decision.reason"] = event.reason;
    if (event.arguments !== undefined) attributes["toolscope.decision.arguments"] = json(event.arguments);
    if (event.content !== undefined) attributes["toolscope.decision.content"] = event.content;
  }
  if (event.isError !== undefined) attributes["toolscope.decision.is_error"] = event.isError;
  span.events.push({ name: "toolscope.tool.decision", atMs: event.at, attributes });
}

export function onToolProgress(state: MapState, event: EventOf<"tool.progress">): void {
  const span = ensureToolSpan(state, event.callId, event.at);
  const attributes: Record<string, string | number> = {};
  if (state.options.captureContent) attributes["toolscope.progress.message"] = event.message;
  if (event.fraction !== undefined) attributes["toolscope.progress.fraction"] = event.fraction;
  span.events.push({ name: "toolscope.tool.progress", atMs: event.at, attributes });
}

export function onWorkspaceChanged(state: MapState, event: EventOf<"workspace.changed">): void {
  const span = ensureToolSpan(state, event.callId, event.at);
  const { change } = event;
  span.events.push({
    name: "toolscope.workspace.changed",
    atMs: event.at,
    attributes: {
      "toolscope.change.type": change.type,
      ...(change.type === "ledger" ? {} : { "toolscope.change.path": change.path }),
    },
  });
}

/** A result (recorded, or added at a run's end) ends its call's span. */
export function endToolCall(
  state: MapState,
  result: Pick<ToolResultBlock, "toolCallId" | "content" | "isError" | "errorKind" | "hint">,
  atMs: number,
  extra: { synthetic?: boolean; source?: string } = {},
): void {
  const call = state.calls.get(result.toolCallId);
  const startMs = state.toolSpans.has(result.toolCallId) ? atMs : (call?.chat?.endMs ?? atMs);
  const span = ensureToolSpan(state, result.toolCallId, startMs);
  if (span.endMs !== null) return;
  if (result.isError) failSpan(span, result.errorKind ?? "_OTHER");
  setDefined(span.attributes, {
    "toolscope.tool.hint": result.hint,
    "toolscope.tool.result.synthetic": extra.synthetic,
    "toolscope.tool.result.source": extra.source,
  });
  if (state.options.captureContent) span.attributes["gen_ai.tool.call.result"] = result.content;
  for (const [key, stage] of state.stages)
    if (key.startsWith(`${result.toolCallId}/`)) {
      endSpan(stage, atMs);
      state.stages.delete(key);
    }
  endSpan(span, atMs);
}

export function onToolResult(state: MapState, event: EventOf<"tool.result">): void {
  const source = (event as { source?: unknown }).source;
  endToolCall(
    state,
    {
      toolCallId: event.callId,
      content: event.content,
      isError: event.isError,
      errorKind: event.errorKind,
      hint: event.hint,
    },
    event.at,
    typeof source === "string" ? { source } : {},
  );
}

export function onCallReplayed(state: MapState, event: EventOf<"call.replayed">, seq: number): void {
  const name = (event.tool as { name?: unknown } | null)?.name;
  const toolName = typeof name === "string" ? name : (state.calls.get(event.callId)?.name ?? "");
  const total = event.stages.reduce((sum, stage) => sum + stage.ms, 0);
  const span = openSpan(state, `replay/${seq}`, {
    name: `execute_tool ${toolName}`,
    startMs: event.at - total,
    parent: null,
    attributes: {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": toolName,
      "gen_ai.tool.call.id": event.callId,
      "gen_ai.conversation.id": state.sessionId,
      "toolscope.replay": true,
    },
  });
  let at = span.startMs;
  for (const stage of event.stages) {
    at += stage.ms;
    span.events.push({
      name: `toolscope.stage.${stage.stage}`,
      atMs: at,
      attributes: { "toolscope.stage.status": stage.status, "toolscope.stage.ms": stage.ms },
    });
  }
  if (event.result.isError) failSpan(span, event.result.errorKind ?? "_OTHER");
  if (state.options.captureContent) {
    span.attributes["gen_ai.tool.call.arguments"] = json(event.arguments);
    span.attributes["gen_ai.tool.call.result"] = event.result.content;
  }
  endSpan(span, event.at);
}

type Loose = { kind: string; at: number; seq: number; [field: string]: unknown };

/** `mcp.connected` and `mcp.message` (docs/api.md, "MCP tool sources"), read loosely. */
export function onMcpEvent(state: MapState, event: Loose): void {
  const server = typeof event.server === "string" ? event.server : "";
  if (event.kind === "mcp.connected") {
    const config = event.config as { type?: unknown } | undefined;
    state.mcpServers.set(server, {
      ...(typeof event.protocolVersion === "string" ? { protocolVersion: event.protocolVersion } : {}),
      ...(typeof config?.type === "string" ? { transport: config.type === "stdio" ? "pipe" : "tcp" } : {}),
    });
    return;
  }
  if (event.kind !== "mcp.message") return;
  const message = event.message as {
    id?: unknown;
    method?: unknown;
    params?: unknown;
    result?: unknown;
    error?: unknown;
  } | null;
  if (!message || typeof message !== "object") return;
  const id = typeof message.id === "string" || typeof message.id === "number" ? String(message.id) : null;
  const method = typeof message.method === "string" ? message.method : null;
  const requestKey = `${server}/${id}`;
  if (method && id !== null && event.direction === "out") {
    const params = (message.params ?? {}) as { name?: unknown };
    const tool = typeof params.name === "string" ? params.name : null;
    const callId = typeof event.callId === "string" ? event.callId : findCallingTool(state, server, tool);
    const parent = (callId ? state.toolSpans.get(callId) : undefined) ?? state.run;
    const info = state.mcpServers.get(server);
    const span = openSpan(state, `mcp/${event.seq}`, {
      name: tool && method === "tools/call" ? `${method} ${tool}` : method,
      kind: "client",
      startMs: event.at,
      parent: parent ?? null,
      attributes: { "mcp.method.name": method, "jsonrpc.request.id": id, "toolscope.mcp.server": server },
    });
    setDefined(span.attributes, {
      "mcp.protocol.version": info?.protocolVersion,
      "network.transport": info?.transport,
      "gen_ai.tool.name": method === "tools/call" ? tool : undefined,
      "gen_ai.operation.name": method === "tools/call" ? "execute_tool" : undefined,
    });
    state.mcpRequests.set(requestKey, span);
    return;
  }
  if (method) {
    // A notification (progress, cancellation): an event on the request it is about, or the run.
    const target = [...state.mcpRequests.values()].at(-1) ?? state.run;
    target?.events.push({ name: `mcp.${method}`, atMs: event.at, attributes: { "mcp.method.name": method } });
    return;
  }
  const span = id === null ? undefined : state.mcpRequests.get(requestKey);
  if (!span) return;
  const error = message.error as { code?: unknown } | undefined;
  const result = message.result as { isError?: unknown } | undefined;
  if (error) failSpan(span, String(error.code ?? "_OTHER"));
  else if (result?.isError === true) failSpan(span, "tool_error");
  endSpan(span, event.at);
  state.mcpRequests.delete(requestKey);
}

/** The open call whose tool is `server`'s `tool` (the latest, when several are). */
function findCallingTool(state: MapState, server: string, tool: string | null): string | null {
  let found: string | null = null;
  for (const [callId, span] of state.toolSpans)
    if (
      span.endMs === null &&
      span.attributes["toolscope.mcp.server"] === server &&
      (tool === null || span.attributes["toolscope.mcp.tool"] === tool)
    )
      found = callId;
  return found;
}

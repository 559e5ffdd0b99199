/**
 * Writing one captured request into its session's log, in the order a run writes its own:
 * `run.started`, what the client added since the last request (its tool results as `tool.result`
 * with `source: "client"`, its new user text), a `session.configured` when its system prompt or
 * tools changed, then `request.assembled` with the body exactly as sent. The reply's events
 * follow as they arrive (relay.ts); `finishRequest` ends the run.
 */
import "server-only";
import {
  appendAssistantTurn,
  appendUserMessage,
  createConversationDraft,
} from "@/lib/agent/import/conversation";
import { readRequestTurn } from "@/lib/agent/import/plan-parts";
import { toImportedTools } from "@/lib/agent/import/tools";
import type { ImportedTurn } from "@/lib/agent/import/types";
import { newId } from "@/lib/agent/ids";
import type { Runtime } from "@/lib/agent/runtime";
import { estimateRequestTokens } from "@/lib/agent/tokens";
import type { ToolResultBlock, WireFormat } from "@/lib/protocol/unified";
import {
  NO_BREAKPOINTS,
  type ProviderConfig,
  type SessionConfig,
  type ToolDefinition,
} from "@/lib/trace/config";
import type { CaptureRequestInfo, NewEvent, TokenEstimate } from "@/lib/trace/events";
import type { PrefixUnit } from "@/lib/trace/prompt-cache";
import type { CapturedRequest } from "./read-request";
import { summarizeMessage } from "@/lib/agent/import/conversation";
import { createTrack, summarizeValue, type SessionTrack } from "./tracks";

/** Bodies above this size get a character-count estimate: tokenizing tens of MB would hold the relay for seconds. */
const TOKENIZE_LIMIT_CHARS = 1_000_000;

/** What one captured request is, for the log. */
export interface RequestRecord {
  format: WireFormat;
  body: Record<string, unknown>;
  captured: CapturedRequest;
  /** Canonical summaries of the request's messages (empty when they could not be read). */
  summaries: string[];
  headers: Record<string, string>;
  info: CaptureRequestInfo;
  provider: ProviderConfig;
  /** When the request arrived (epoch ms). */
  receivedAt: number;
  /** Its prefix for the prompt cache (`null` past the size limit). */
  prefix: PrefixUnit[] | null;
}

/** Where a request landed: its session, turn, attempt and run, and the prefix its session's previous request left. */
export interface OpenedRequest {
  track: SessionTrack;
  turn: number;
  attempt: number;
  runId: string;
  previousPrefix: PrefixUnit[] | null;
}

function estimateTokens(body: Record<string, unknown>, text: string): TokenEstimate {
  const sections = {
    tools: body.tools,
    system: body.system ?? body.instructions,
    messages: body.messages ?? body.input,
  };
  if (text.length <= TOKENIZE_LIMIT_CHARS) return estimateRequestTokens(sections);
  const quarter = (value: unknown) => (value === undefined ? 0 : Math.ceil(JSON.stringify(value).length / 4));
  const tools = quarter(sections.tools);
  const system = quarter(sections.system);
  const messages = quarter(sections.messages);
  return {
    tools,
    system,
    messages,
    total: tools + system + messages,
    tokenizer: "characters ÷ 4 (estimate)",
  };
}

function readTools(record: RequestRecord): ToolDefinition[] {
  return toImportedTools(record.captured.read?.tools ?? [], []);
}

function describeTitle(record: RequestRecord): string {
  const first = record.captured.read?.messages.find((message) => message.role === "user");
  // The first text that is the person's own: harnesses add context as tagged sections
  // (`<system-reminder>…`). Its opening is enough: a long conversation's first message may be MBs.
  const texts = (first?.content ?? []).flatMap((block) =>
    block.type === "text" ? [block.text.slice(0, 4000)] : [],
  );
  const own = texts
    .map((text) =>
      text
        .replace(/<([a-z][\w-]*)(\s[^>]*)?>[\s\S]*?<\/\1>/gi, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .find((text) => text !== "");
  const short = own && own.length > 60 ? `${own.slice(0, 60)}…` : own;
  return short ? `${record.info.client}: ${short}` : `${record.info.client} capture`;
}

/** Creates the session of a request that continues none: its row and `session.created`. */
export function createCaptureSession(
  runtime: Runtime,
  record: RequestRecord,
  id = newId("ses"),
): SessionTrack {
  const tools = readTools(record);
  const config: SessionConfig = {
    title: describeTitle(record),
    provider: record.provider,
    system: record.captured.system,
    tools,
    policy: {},
    scenario: null,
    breakpoints: { ...NO_BREAKPOINTS },
  };
  runtime.store.createSession({
    id,
    title: config.title,
    provider: record.provider,
    source: "capture",
    client: record.info.client,
  });
  runtime.store.append(id, { kind: "session.created", config, workspace: {} });
  const track = createTrack(id, record.format, record.receivedAt);
  track.system = summarizeValue(config.system);
  track.tools = summarizeValue(tools);
  return track;
}

/** The events for what the client added after the recorded conversation (its first `from` messages). */
function planAdditions(track: SessionTrack, record: RequestRecord, from: number): NewEvent[] {
  const read = record.captured.read;
  if (!read) return [];
  const draft = createConversationDraft([]);
  draft.turn = track.turn;
  for (const [id, call] of track.calls) draft.calls.set(id, call);
  read.messages.slice(from).forEach((message, offset) => {
    if (message.role === "user") appendUserMessage(draft, message);
    else appendAssistantTurn(draft, readRequestTurn(read.format, read.originals[from + offset], message));
  });
  for (const [id, call] of draft.calls) track.calls.set(id, call);
  track.turn = draft.turn;
  const clientMs =
    track.replyEndedAt === null ? undefined : Math.max(0, record.receivedAt - track.replyEndedAt);
  return draft.events.flatMap((event): NewEvent[] => {
    if (event.kind !== "tool.result") return [event];
    if (track.resolved.has(event.callId)) return [];
    track.resolved.add(event.callId);
    return [{ ...event, source: "client", ...(clientMs === undefined ? {} : { clientMs }) }];
  });
}

/** A `session.configured` when the client's system prompt or tools changed since the last request. */
function planReconfigure(runtime: Runtime, track: SessionTrack, record: RequestRecord): NewEvent[] {
  const system = summarizeValue(record.captured.system);
  const tools = readTools(record);
  const toolsSummary = summarizeValue(tools);
  if (system === track.system && toolsSummary === track.tools) return [];
  const before = runtime.store.events(track.id).reduce<{ system: string; tools: ToolDefinition[] }>(
    (config, event) => {
      if (event.kind === "session.created") return { system: event.config.system, tools: event.config.tools };
      if (event.kind !== "session.configured") return config;
      return {
        system: event.changes.system?.after ?? config.system,
        tools: event.changes.tools?.after ?? config.tools,
      };
    },
    { system: "", tools: [] },
  );
  const changes: Extract<NewEvent, { kind: "session.configured" }>["changes"] = {};
  if (system !== track.system) changes.system = { before: before.system, after: record.captured.system };
  if (toolsSummary !== track.tools) changes.tools = { before: before.tools, after: tools };
  track.system = system;
  track.tools = toolsSummary;
  return [{ kind: "session.configured", changes }];
}

/**
 * Appends everything up to `request.assembled` for a request joining `track` after its first
 * `from` messages (`from` equal to the message count on a retry of an unanswered request).
 */
export function openRequest(
  runtime: Runtime,
  track: SessionTrack,
  record: RequestRecord,
  options: { from: number; retry: boolean },
): OpenedRequest {
  const runId = newId("run");
  const events: NewEvent[] = [{ kind: "run.started", runId, trigger: "capture" }];
  if (!options.retry) events.push(...planAdditions(track, record, options.from));
  events.push(...planReconfigure(runtime, track, record));
  const turn = options.retry ? Math.max(1, track.turn) : track.turn + 1;
  const attempt = options.retry ? track.attempt + 1 : 1;
  events.push({
    kind: "request.assembled",
    turn,
    attempt,
    format: record.format,
    body: record.body,
    tokens: estimateTokens(record.body, JSON.stringify(record.body)),
    headers: record.headers,
    capture: record.info,
  });
  runtime.store.transaction(() => {
    for (const event of events) runtime.store.append(track.id, event);
  });
  Object.assign(track, { turn, attempt, answered: false, touchedAt: record.receivedAt });
  const previousPrefix = track.prefix;
  Object.assign(track, {
    conversation: record.summaries,
    requestLength: record.summaries.length,
    prefix: record.prefix,
  });
  return { track, turn, attempt, runId, previousPrefix };
}

/** How a captured request ended. */
export type RequestEnd =
  | { kind: "answered"; turn: ImportedTurn }
  | { kind: "cut"; turn: ImportedTurn | null; why: "client" | "upstream"; reason: string }
  | { kind: "failed"; reason: string };

/**
 * Appends the end of a request: the reply's `turn.completed` (marked `cut` when it stopped
 * part-way), then the run's end — `run.finished`; `run.interrupted` when the client hung up;
 * `run.failed` when the upstream failed. A cut turn's calls get `interrupted` results in the
 * run's `syntheticResults` (nothing will ever run them), so the transcript stays valid.
 */
export function finishRequest(runtime: Runtime, opened: OpenedRequest, end: RequestEnd, now: number): void {
  const { track, turn, attempt, runId } = opened;
  const store = runtime.store;
  const reply = end.kind === "failed" ? null : end.turn;
  store.transaction(() => {
    if (reply) {
      const turnEvent =
        end.kind === "cut"
          ? { ...reply, stopReason: { unified: "other" as const, raw: null }, cut: true as const }
          : reply;
      store.append(track.id, { kind: "turn.completed", turn, attempt, ...turnEvent });
      for (const block of reply.unified.content)
        if (block.type === "toolCall") track.calls.set(block.id, { name: block.name, turn });
    }
    if (end.kind === "answered") {
      store.append(track.id, {
        kind: "run.finished",
        runId,
        reason: "the response ended",
        syntheticResults: [],
      });
      return;
    }
    const synthetic: ToolResultBlock[] = (reply?.unified.content ?? []).flatMap((block) =>
      block.type === "toolCall"
        ? [
            {
              type: "toolResult" as const,
              toolCallId: block.id,
              content: `The response was cut before the client could run ${block.name}; it did not run.`,
              isError: true,
              errorKind: "interrupted" as const,
            },
          ]
        : [],
    );
    for (const result of synthetic) track.resolved.add(result.toolCallId);
    if (end.kind === "cut" && end.why === "client")
      store.append(track.id, {
        kind: "run.interrupted",
        runId,
        reason: end.reason,
        syntheticResults: synthetic,
      });
    else
      store.append(track.id, {
        kind: "run.failed",
        runId,
        reason: end.reason,
        error: end.reason,
        syntheticResults: synthetic,
      });
  });
  track.touchedAt = now;
  if (end.kind === "answered") {
    track.conversation = [...track.conversation, summarizeMessage(end.turn.unified)];
    track.answered = true;
    track.replyEndedAt = now;
  }
}

import "server-only";
import type { ToolChoiceSpec, UnifiedMessage, WireFormat } from "@/lib/protocol/unified";
import { seedWorkspace } from "@/lib/tools/registry";
import {
  NO_BREAKPOINTS,
  type ProviderConfig,
  type SessionConfig,
  type ToolDefinition,
} from "@/lib/trace/config";
import type { NewEvent } from "@/lib/trace/events";
import { appendAssistantTurn, appendUserMessage, type ConversationDraft } from "./conversation";
import type { ReadCapture } from "./sse-capture";
import { notePairingProblems, projectPlannedTranscript } from "./doctor";
import type { ReadRequest } from "./request-body";
import type { DetectedImport, ImportedTurn, ImportPlan } from "./types";

export const FORMAT_LABELS: Readonly<Record<WireFormat, string>> = {
  anthropic: "Anthropic",
  "openai-chat": "OpenAI Chat",
  "openai-responses": "OpenAI Responses",
};

/** What an imported session is set up with, besides its conversation. */
export interface SessionParts {
  format: WireFormat;
  model?: string;
  system: string;
  tools: ToolDefinition[];
  toolChoice?: ToolChoiceSpec;
  parallelToolCalls?: boolean;
}

/**
 * An assistant message read from a request as a turn: its provider form is the message as the
 * request holds it (for Responses, `{ output }` of its items). A request records neither stop
 * reason nor usage: the stop reason is `tool_use` when the turn calls tools, else `end_turn`,
 * with `raw: null`; usage is unknown.
 */
export function readRequestTurn(
  format: WireFormat,
  original: unknown,
  unified: UnifiedMessage,
): ImportedTurn {
  const calls = unified.content.some((block) => block.type === "toolCall");
  return {
    format,
    message: original ?? unified,
    unified,
    stopReason: { unified: calls ? "tool_use" : "end_turn", raw: null },
    usage: { inputTokens: null, outputTokens: null },
  };
}

/** Appends a request's messages from index `from` on as events (user messages, turns, results). */
export function appendRequestMessages(draft: ConversationDraft, read: ReadRequest, from: number): void {
  let turns = 0;
  read.messages.slice(from).forEach((message, offset) => {
    if (message.role === "user") return appendUserMessage(draft, message);
    appendAssistantTurn(draft, readRequestTurn(read.format, read.originals[from + offset], message));
    turns += 1;
  });
  if (turns > 0 && !draft.notes.some((note) => note.startsWith("Turns read from a request")))
    draft.notes.push(
      "Turns read from a request carry no stop reason or usage: the stop reason is tool_use when the turn calls tools, else end_turn (raw: null).",
    );
}

/**
 * The whole plan: `session.created` (the offline model speaking the detected wire format, the
 * recorded model name kept, no policy, no breakpoints, the standard workspace seed), then the
 * conversation's events; the pairing doctor's findings join the notes.
 */
export function buildPlan(
  detected: DetectedImport,
  title: string,
  parts: SessionParts,
  draft: ConversationDraft,
): ImportPlan {
  const provider: ProviderConfig = {
    kind: "offline",
    wire: parts.format,
    ...(parts.model ? { model: parts.model } : {}),
    ...(parts.toolChoice ? { toolChoice: parts.toolChoice } : {}),
    ...(parts.parallelToolCalls !== undefined ? { parallelToolCalls: parts.parallelToolCalls } : {}),
  };
  const config: SessionConfig = {
    title,
    provider,
    system: parts.system,
    tools: parts.tools,
    policy: {},
    scenario: null,
    breakpoints: { ...NO_BREAKPOINTS },
  };
  const events: NewEvent[] = [
    { kind: "session.created", config, workspace: seedWorkspace() },
    ...draft.events,
  ];
  notePairingProblems(draft.messages, projectPlannedTranscript(events), draft.notes);
  return { detected, title, provider, events, notes: draft.notes };
}

/** A capture's events as `wire.event`s of the draft's next turn (attempt 1), then its error or its turn. */
export function appendCapture(
  draft: ConversationDraft,
  capture: ReadCapture,
  now: number,
  attempt = 1,
): void {
  const turn = draft.turn + 1;
  capture.events.forEach(({ event, data }, index) =>
    draft.events.push({ kind: "wire.event", turn, attempt, index, event, data, receivedAt: now }),
  );
  if (capture.error) {
    const { message, body } = capture.error;
    draft.events.push({ kind: "wire.error", turn, attempt, source: "stream", status: null, message, body });
    draft.notes.push(`The stream ended with an error event (${message}); no turn was completed.`);
  } else if (capture.response?.turn && capture.cut) appendCutTurn(draft, capture.response.turn, attempt);
  else if (capture.response) appendAssistantTurn(draft, capture.response.turn, attempt);
}

/**
 * A capture cut part-way, recorded as a live run records a stream that failed mid-turn: the turn
 * marked `cut` (stop reason `other`, usage unknown), and each of its tool calls answered by an
 * `interrupted` result, since nothing will ever run it, so the transcript stays valid.
 */
function appendCutTurn(draft: ConversationDraft, turn: ImportedTurn, attempt: number): void {
  appendAssistantTurn(
    draft,
    {
      ...turn,
      stopReason: { unified: "other", raw: null },
      usage: { inputTokens: null, outputTokens: null },
      cut: true,
    },
    attempt,
  );
  const calls = turn.unified.content.filter((block) => block.type === "toolCall");
  for (const call of calls)
    draft.events.push({
      kind: "tool.result",
      callId: call.id,
      turn: draft.turn,
      name: call.name,
      content: `The stream was cut before ${call.name} ran; it did not run.`,
      isError: true,
      errorKind: "interrupted",
    });
  draft.notes.push(
    calls.length > 0
      ? `The turn was cut part-way: it is marked cut, and its ${calls.length} tool call${calls.length === 1 ? " has" : "s have"} an interrupted result.`
      : "The turn was cut part-way: it is marked cut.",
  );
}

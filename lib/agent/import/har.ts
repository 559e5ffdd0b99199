import "server-only";
import type { WireFormat } from "@/lib/protocol/unified";
import { estimateRequestTokens } from "@/lib/agent/tokens";
import { createConversationDraft, summarizeMessage, type ConversationDraft } from "./conversation";
import { detectJsonShape, EXPECTED_IMPORT } from "./detect";
import {
  appendCapture,
  appendRequestMessages,
  buildPlan,
  FORMAT_LABELS,
  type SessionParts,
} from "./plan-parts";
import { readRequestBody, type ReadRequest } from "./request-body";
import { readResponseBody } from "./response-body";
import { readSseCapture } from "./sse-capture";
import { isRecord, parseJson, readString, type JsonObject } from "./shapes";
import { toImportedTools } from "./tools";
import { appendAssistantTurn } from "./conversation";
import type { PlanContext, PlanOutcome } from "./types";

/** Response headers never kept: they carry credentials. */
const SECRET_HEADERS = new Set([
  "set-cookie",
  "cookie",
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "api-key",
]);

/** The wire format a URL's path names, when it names one. */
function readUrlFormat(url: string): WireFormat | null {
  if (/\/v1\/messages(?:\?|$)/.test(url)) return "anthropic";
  if (/\/chat\/completions(?:\?|$)/.test(url)) return "openai-chat";
  if (/\/responses(?:\?|$)/.test(url)) return "openai-responses";
  return null;
}

function readHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of Array.isArray(headers) ? headers : [])
    if (isRecord(header) && typeof header.name === "string" && typeof header.value === "string")
      if (!SECRET_HEADERS.has(header.name.toLowerCase())) out[header.name.toLowerCase()] = header.value;
  return out;
}

/** A HAR response's body text (base64 decoded when the HAR says so). */
function readContentText(content: JsonObject): string {
  const text = readString(content.text) ?? "";
  return content.encoding === "base64" ? Buffer.from(text, "base64").toString("utf8") : text;
}

/** How many leading messages of `request` repeat the conversation so far. */
function countCommonMessages(draft: ConversationDraft, request: ReadRequest): number {
  let common = 0;
  while (
    common < draft.messages.length &&
    common < request.messages.length &&
    summarizeMessage(draft.messages[common]!) === summarizeMessage(request.messages[common]!)
  )
    common += 1;
  return common;
}

interface HarState {
  draft: ConversationDraft;
  parts: SessionParts | null;
  calls: number;
  /** The last call's turn ended without a completed turn, so a repeat of it is its next attempt. */
  failedAttempt: number;
}

/** One call: the new messages of its request, `request.assembled`, the response's status, events and turn. */
function appendCall(
  state: HarState,
  index: number,
  read: ReadRequest,
  body: JsonObject,
  response: JsonObject,
  now: number,
): void {
  const { draft } = state;
  const notes = draft.notes;
  const common = read.continues ? draft.messages.length : countCommonMessages(draft, read);
  if (!read.continues && common < draft.messages.length)
    notes.push(
      `Entry ${index}: its request does not repeat the conversation so far (it differs from message ${common}); its messages from there on were added after it.`,
    );
  const from = read.continues ? 0 : common;
  const fresh = read.messages.length - from;
  appendRequestMessages(draft, read, from);
  const attempt = fresh === 0 && state.failedAttempt > 0 ? state.failedAttempt + 1 : 1;
  const turn = draft.turn + 1;
  const tokens = estimateRequestTokens({
    tools: body.tools,
    system: body.system ?? body.instructions,
    messages: body.messages ?? body.input,
  });
  draft.events.push({ kind: "request.assembled", turn, attempt, format: read.format, body, tokens });
  const status = typeof response.status === "number" ? response.status : 0;
  const content = isRecord(response.content) ? response.content : {};
  const text = readContentText(content);
  if (status === 0) {
    draft.events.push({
      kind: "wire.error",
      turn,
      attempt,
      source: "transport",
      status: null,
      message: "The HAR records no response (status 0).",
      body: null,
    });
    state.failedAttempt = attempt;
    return;
  }
  draft.events.push({ kind: "wire.response", turn, attempt, status, headers: readHeaders(response.headers) });
  if (status < 200 || status >= 300) {
    draft.events.push({
      kind: "wire.error",
      turn,
      attempt,
      source: "http",
      status,
      message: `HTTP ${status}`,
      body: text,
    });
    state.failedAttempt = attempt;
    return;
  }
  const json = parseJson(text);
  const before = draft.turn;
  if (isRecord(json)) {
    const read = readResponseBody(json, state.parts!.format, notes);
    if (read.ok) appendAssistantTurn(draft, read.value.turn, attempt);
    else notes.push(`Entry ${index}: ${read.error}`);
  } else {
    const capture = readSseCapture(text, notes);
    if (capture.ok && capture.value.format === state.parts!.format)
      appendCapture(draft, capture.value, now, attempt);
    else
      notes.push(
        `Entry ${index}: the response is neither a ${FORMAT_LABELS[state.parts!.format]} body nor its stream.`,
      );
  }
  state.failedAttempt = draft.turn > before ? 0 : attempt;
}

/** A changed system prompt or tool list between calls, as the `session.configured` a live session records. */
function noteConfigChange(state: HarState, read: ReadRequest, notes: string[]): void {
  const parts = state.parts!;
  const tools = toImportedTools(read.tools, []);
  const changes = {
    ...(read.system !== parts.system ? { system: { before: parts.system, after: read.system } } : {}),
    ...(JSON.stringify(tools) !== JSON.stringify(parts.tools)
      ? { tools: { before: parts.tools, after: tools } }
      : {}),
  };
  if (Object.keys(changes).length === 0) return;
  state.draft.events.push({ kind: "session.configured", changes });
  state.parts = { ...parts, system: read.system, tools };
  notes.push(
    `A later call changed the ${Object.keys(changes).join(" and ")}; a session.configured records it.`,
  );
}

/**
 * A HAR file (`log.entries[]`): every entry whose request is a model call of one wire format is
 * a call — its request's new messages become events, then `request.assembled` with the body as
 * sent, `wire.response`, and the response's `turn.completed` (a streamed response's events as
 * `wire.event`s first); a failed call is a `wire.error`, and a repeat of it the next attempt of
 * the same turn. Other entries (pages, other formats) are skipped, with a note.
 */
export function planHar(har: JsonObject, notes: string[], context: PlanContext): PlanOutcome {
  const entries = (har.log as { entries: unknown[] }).entries;
  const state: HarState = { draft: createConversationDraft(notes), parts: null, calls: 0, failedAttempt: 0 };
  let skipped = 0;
  entries.forEach((entry, index) => {
    const request = isRecord(entry) && isRecord(entry.request) ? entry.request : {};
    const postData = isRecord(request.postData) ? request.postData : {};
    const body = parseJson(readString(postData.text) ?? "");
    const shape = detectJsonShape(body);
    const format =
      readUrlFormat(readString(request.url) ?? "") ?? (shape?.kind === "request" ? shape.format : null);
    if (
      !isRecord(body) ||
      !format ||
      shape?.kind !== "request" ||
      (state.parts && state.parts.format !== format)
    ) {
      skipped += 1;
      return;
    }
    const read = readRequestBody(body, format, notes);
    if (!read.ok) {
      notes.push(`Entry ${index}: ${read.error}`);
      skipped += 1;
      return;
    }
    if (!state.parts) {
      const tools = toImportedTools(read.value.tools, notes);
      state.parts = {
        format,
        system: read.value.system,
        tools,
        ...(read.value.model ? { model: read.value.model } : {}),
      };
    } else noteConfigChange(state, read.value, notes);
    appendCall(
      state,
      index,
      read.value,
      body,
      isRecord(entry) && isRecord(entry.response) ? entry.response : {},
      context.now,
    );
    state.calls += 1;
  });
  if (!state.parts)
    return { ok: false, error: `The HAR holds no model call this app reads. ${EXPECTED_IMPORT}` };
  if (skipped > 0)
    notes.push(
      `${skipped} HAR entr${skipped === 1 ? "y was" : "ies were"} not a ${FORMAT_LABELS[state.parts.format]} call and ${skipped === 1 ? "was" : "were"} skipped.`,
    );
  const title = `Imported HAR (${state.calls} ${FORMAT_LABELS[state.parts.format]} call${state.calls === 1 ? "" : "s"})`;
  return {
    ok: true,
    plan: buildPlan({ format: "har", provider: state.parts.format }, title, state.parts, state.draft),
  };
}

/**
 * Tracks rebuilt from the log (docs/api.md, "Capture", grouping): a process that has not seen a
 * capture session — after a restart — reads what grouping needs back from the store, so the next
 * request of a conversation lands in the same session with or without `x-toolscope-session`.
 * Only the kinds grouping needs are read in full; the last `request.assembled` (the biggest event
 * of a turn) — or, in a session only token counts opened so far, the last `tokens.counted` — is
 * found by reading the log backwards in pages.
 */
import "server-only";
import { summarizeMessage } from "@/lib/agent/import/conversation";
import type { Runtime } from "@/lib/agent/runtime";
import type { WireFormat } from "@/lib/protocol/unified";
import type { EventKind, EventOf } from "@/lib/trace/events";
import { readPromptPrefix } from "@/lib/trace/prompt-cache";
import { readCapturedRequest } from "./read-request";
import {
  PREFIX_LIMIT_CHARS,
  createTrack,
  listTracks,
  rememberTrack,
  summarizeMessages,
  summarizeValue,
  type SessionTrack,
} from "./tracks";

/** How many of the most recent capture sessions a restarted process reads back for grouping. */
export const RECENT_CAPTURE_SESSIONS = 50;

/** How many events one backward page of the log holds. */
const PAGE = 256;

const SCANNED: readonly EventKind[] = [
  "session.created",
  "session.configured",
  "turn.completed",
  "tool.result",
  "run.finished",
  "run.failed",
  "run.interrupted",
];

const LOADED = new WeakSet<Runtime>();

/**
 * The session's last `request.assembled`, else (a session a token count opened, no request in it
 * yet) its last `tokens.counted`; `null` when it has neither.
 */
function findLastRequest(
  runtime: Runtime,
  id: string,
): EventOf<"request.assembled"> | EventOf<"tokens.counted"> | null {
  let count: EventOf<"tokens.counted"> | null = null;
  let through = runtime.store.lastSeq(id);
  while (through >= 0) {
    const after = Math.max(-1, through - PAGE);
    const page = runtime.store.events(id, after, through - after);
    for (let index = page.length - 1; index >= 0; index--) {
      const event = page[index]!;
      if (event.kind === "request.assembled") return event;
      if (event.kind === "tokens.counted") count ??= event;
    }
    through = after;
  }
  return count;
}

/**
 * The track of capture session `id`, rebuilt from its log: its system prompt and tools, turns,
 * calls and results, and the conversation of its last request (plus the reply when it was
 * answered whole), so a request continuing it is recognised as after any other.
 */
export function rebuildTrack(runtime: Runtime, id: string, format: WireFormat = "anthropic"): SessionTrack {
  const track = createTrack(id, format, runtime.clock.now());
  const answers = new Map<string, EventOf<"turn.completed">>();
  let lastEnd: { kind: EventKind; seq: number; at: number } | null = null;
  for (const event of runtime.store.eventsOfKindsForReading(id, SCANNED)) {
    if (event.kind === "session.created") {
      track.system = summarizeValue(event.config.system);
      track.tools = summarizeValue(event.config.tools);
    } else if (event.kind === "session.configured") {
      if (event.changes.system) track.system = summarizeValue(event.changes.system.after);
      if (event.changes.tools) track.tools = summarizeValue(event.changes.tools.after);
    } else if (event.kind === "turn.completed") {
      for (const block of event.unified.content)
        if (block.type === "toolCall") track.calls.set(block.id, { name: block.name, turn: event.turn });
      answers.set(`${event.turn}/${event.attempt}`, event);
    } else if (event.kind === "tool.result") track.resolved.add(event.callId);
    else if (
      event.kind === "run.finished" ||
      event.kind === "run.failed" ||
      event.kind === "run.interrupted"
    ) {
      for (const result of event.syntheticResults) track.resolved.add(result.toolCallId);
      lastEnd = { kind: event.kind, seq: event.seq, at: event.at };
    }
  }
  const last = findLastRequest(runtime, id);
  if (!last) return track;
  const captured = readCapturedRequest(last.body, last.format);
  const summaries = captured.read ? summarizeMessages(captured.read.messages) : [];
  if (last.kind === "tokens.counted") {
    // Only token counts so far: the counted conversation is the one the first request continues
    // (as placeCount left it in the process that recorded them).
    Object.assign(track, { format: last.format, conversation: summaries, touchedAt: last.at });
    return track;
  }
  const answer = answers.get(`${last.turn}/${last.attempt}`);
  const answered =
    answer !== undefined && answer.cut !== true && lastEnd?.kind === "run.finished" && lastEnd.seq > last.seq;
  Object.assign(track, {
    format: last.format,
    turn: last.turn,
    attempt: last.attempt,
    requestLength: summaries.length,
    prefix:
      last.capture?.upstream === "offline" && JSON.stringify(last.body).length <= PREFIX_LIMIT_CHARS
        ? readPromptPrefix(last.body)
        : null,
    conversation: answered ? [...summaries, summarizeMessage(answer.unified)] : summaries,
    answered,
    replyEndedAt: answered ? lastEnd!.at : null,
    touchedAt: lastEnd && lastEnd.seq > last.seq ? lastEnd.at : last.at,
  });
  return track;
}

/**
 * Reads back the tracks of the {@link RECENT_CAPTURE_SESSIONS} newest capture sessions this
 * process has no track of, once per runtime (every session it creates or continues later has one).
 */
export function loadRecentTracks(runtime: Runtime): void {
  if (LOADED.has(runtime)) return;
  LOADED.add(runtime);
  const tracks = listTracks(runtime);
  const page = runtime.store.pageSessions({ limit: RECENT_CAPTURE_SESSIONS, source: "capture" });
  for (const row of page?.sessions ?? [])
    if (!tracks.has(row.id)) rememberTrack(runtime, rebuildTrack(runtime, row.id));
}

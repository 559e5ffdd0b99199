/**
 * Which capture session a request belongs to (docs/api.md, "Capture", grouping). Each capture
 * session has a track in memory: the conversation recorded so far (the last request's messages
 * plus the reply, each reduced to canonical JSON, so key order and SDK-added fields such as
 * `cache_control` do not matter), the calls made in it, and when the last reply ended. A request
 * joins the session whose conversation it continues, else starts a new one.
 */
import "server-only";
import { summarizeMessage } from "@/lib/agent/import/conversation";
import type { Runtime } from "@/lib/agent/runtime";
import type { UnifiedMessage, WireFormat } from "@/lib/protocol/unified";
import { canonicalizeValue } from "@/lib/trace/canonical-json";

export interface SessionTrack {
  id: string;
  format: WireFormat;
  /** The recorded conversation, one summary per message. */
  conversation: string[];
  /** The turn of the session's last request (0 before the first). */
  turn: number;
  /** The attempt of that request within its turn. */
  attempt: number;
  /** Whether the last request's reply arrived whole (else a request repeating it is a retry). */
  answered: boolean;
  /** Tool calls by id: name and turn. */
  calls: Map<string, { name: string; turn: number }>;
  /** Calls that already have a result (a client's, or an interrupted one). */
  resolved: Set<string>;
  /** When the last reply ended (epoch ms), for the client's tool time. */
  replyEndedAt: number | null;
  /** The system prompt and tools last recorded, as canonical JSON. */
  system: string;
  tools: string;
  /** When the track last changed: the most recent session wins a tie. */
  touchedAt: number;
}

const TRACKS = new WeakMap<Runtime, Map<string, SessionTrack>>();

/** The tracks of `runtime`'s capture sessions seen by this process. */
export function listTracks(runtime: Runtime): Map<string, SessionTrack> {
  let tracks = TRACKS.get(runtime);
  if (!tracks) {
    tracks = new Map();
    TRACKS.set(runtime, tracks);
  }
  return tracks;
}

/** Canonical summaries of messages (see {@link summarizeMessage}). */
export function summarizeMessages(messages: readonly UnifiedMessage[]): string[] {
  return messages.map(summarizeMessage);
}

/** Canonical JSON of any value, for comparing system prompts and tools. */
export function summarizeValue(value: unknown): string {
  return canonicalizeValue(value);
}

/** How many of `summaries` the track's conversation covers, or -1 when they do not continue it. */
export function measureContinuation(track: SessionTrack, summaries: readonly string[]): number {
  const recorded = track.conversation;
  if (recorded.length === 0) return -1;
  // An answered request is continued by a longer one; an unanswered one also by its retry.
  if (summaries.length < recorded.length || (track.answered && summaries.length === recorded.length))
    return -1;
  for (let index = 0; index < recorded.length; index++) if (recorded[index] !== summaries[index]) return -1;
  return recorded.length;
}

/**
 * The track whose conversation `summaries` continues, in `format`: the longest such conversation,
 * then the most recently touched. `null` when none does.
 */
export function findContinuedTrack(
  runtime: Runtime,
  format: WireFormat,
  summaries: readonly string[],
): SessionTrack | null {
  let best: SessionTrack | null = null;
  let bestLength = -1;
  for (const track of listTracks(runtime).values()) {
    if (track.format !== format) continue;
    const length = measureContinuation(track, summaries);
    if (length < 0) continue;
    if (length > bestLength || (length === bestLength && best && track.touchedAt > best.touchedAt)) {
      best = track;
      bestLength = length;
    }
  }
  return best;
}

/** A fresh track for a new session. */
export function createTrack(id: string, format: WireFormat, now: number): SessionTrack {
  return {
    id,
    format,
    conversation: [],
    turn: 0,
    attempt: 0,
    answered: true,
    calls: new Map(),
    resolved: new Set(),
    replyEndedAt: null,
    system: "",
    tools: "",
    touchedAt: now,
  };
}

/**
 * A track for a capture session this process has not seen (named by `x-toolscope-session` after a
 * restart), rebuilt from its log: its turns, calls and results; its conversation stays unknown,
 * so only the header can add to it.
 */
export function rebuildTrack(runtime: Runtime, id: string, format: WireFormat): SessionTrack {
  const track = createTrack(id, format, runtime.clock.now());
  for (const event of runtime.store.events(id)) {
    if (event.kind === "request.assembled") {
      track.turn = Math.max(track.turn, event.turn);
      track.attempt = event.attempt;
    } else if (event.kind === "turn.completed") {
      for (const block of event.unified.content)
        if (block.type === "toolCall") track.calls.set(block.id, { name: block.name, turn: event.turn });
      track.replyEndedAt = event.at;
    } else if (event.kind === "tool.result") track.resolved.add(event.callId);
    else if (event.kind === "session.created") {
      track.system = summarizeValue(event.config.system);
      track.tools = summarizeValue(event.config.tools);
    } else if (event.kind === "session.configured") {
      if (event.changes.system) track.system = summarizeValue(event.changes.system.after);
      if (event.changes.tools) track.tools = summarizeValue(event.changes.tools.after);
    }
  }
  return track;
}

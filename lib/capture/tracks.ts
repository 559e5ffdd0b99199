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
import type { PrefixUnit } from "@/lib/trace/prompt-cache";

export interface SessionTrack {
  id: string;
  format: WireFormat;
  /** The recorded conversation, one summary per message. */
  conversation: string[];
  /** How many of `conversation`'s messages the last request sent (the rest is its reply). */
  requestLength: number;
  /** The last request's prefix, for the offline upstream's prompt cache (`null` before one, or past the size limit). */
  prefix: PrefixUnit[] | null;
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

/** Request bodies above this many characters get no prompt-cache model: reading their prefix would hold the relay. */
export const PREFIX_LIMIT_CHARS = 4_000_000;

/** How many tracks a process keeps: the least recently used beyond it are forgotten (their sessions stay). */
export const TRACK_LIMIT = 500;

/** Adds a track, forgetting the least recently touched ones past {@link TRACK_LIMIT}. */
export function rememberTrack(runtime: Runtime, track: SessionTrack): void {
  const tracks = listTracks(runtime);
  tracks.set(track.id, track);
  if (tracks.size <= TRACK_LIMIT) return;
  const oldest = [...tracks.values()]
    .sort((a, b) => a.touchedAt - b.touchedAt)
    .slice(0, tracks.size - TRACK_LIMIT);
  for (const stale of oldest) tracks.delete(stale.id);
}

/** How many leading summaries two conversations share. */
export function countShared(a: readonly string[], b: readonly string[]): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index++;
  return index;
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
  // Before its first request (a token count's session) a track is also continued by an equal one.
  const equalContinues = !track.answered || track.turn === 0;
  if (summaries.length < recorded.length || (!equalContinues && summaries.length === recorded.length))
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
    requestLength: 0,
    prefix: null,
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

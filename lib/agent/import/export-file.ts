import "server-only";
import { findRefusedPolicyPattern } from "@/lib/pipeline/policy/policy-patterns";
import type { ProviderConfig } from "@/lib/trace/config";
import type { EventKind, NewEvent } from "@/lib/trace/events";
import { encodeRedactedBaseURLs, findBadProvider } from "./provider-config";
import { describeValue, isRecord, type JsonObject } from "./shapes";

/**
 * Every event kind, so an export naming another is refused (the type keeps this list complete).
 * `false`: known, but never imported — a person's trust (`session.trusted`) belongs to this
 * Toolscope, and a file that carries one is not trusted by it (the event is dropped, with a note).
 */
const EVENT_KINDS: Readonly<Record<EventKind, boolean>> = {
  "session.created": true,
  "session.configured": true,
  "session.forked": true,
  "user.message": true,
  "run.started": true,
  "request.assembled": true,
  "tokens.counted": true,
  "wire.response": true,
  "wire.event": true,
  "wire.error": true,
  "turn.completed": true,
  "batch.planned": true,
  "tool.stage": true,
  "tool.decision": true,
  "tool.progress": true,
  "tool.result": true,
  "workspace.changed": true,
  "call.replayed": true,
  "provider.trust": true,
  "run.paused": true,
  "run.resumed": true,
  "run.finished": true,
  "run.interrupted": true,
  "run.failed": true,
  "mcp.connected": true,
  "mcp.failed": true,
  "mcp.message": true,
  "session.trusted": false,
};

/** The fields the projections read, per kind: an event without them would break every view of the session. */
const REQUIRED_FIELDS: Partial<
  Record<EventKind, Record<string, "string" | "number" | "boolean" | "object" | "array">>
> = {
  "session.configured": { changes: "object" },
  "user.message": { turn: "number", text: "string" },
  "turn.completed": { turn: "number", unified: "object" },
  "tool.result": { callId: "string", turn: "number", content: "string", isError: "boolean" },
  "wire.event": { turn: "number", attempt: "number", index: "number", data: "string" },
  "run.finished": { syntheticResults: "array" },
  "run.interrupted": { syntheticResults: "array" },
  "run.failed": { syntheticResults: "array" },
};

/** The JSON Pointer of the first field an event lacks, or null. */
function findMissingField(event: JsonObject, index: number): string | null {
  const fields = REQUIRED_FIELDS[event.kind as EventKind] ?? {};
  for (const [field, type] of Object.entries(fields)) {
    const value = event[field];
    const ok =
      type === "array" ? Array.isArray(value) : type === "object" ? isRecord(value) : typeof value === type;
    if (!ok) return `/events/${index}/${field}`;
  }
  if (event.kind === "turn.completed" && !Array.isArray((event.unified as JsonObject).content))
    return `/events/${index}/unified/content`;
  return null;
}

/** The first policy regex (created, configured or fork edits) that the server could not run. */
function findRefusedPattern(events: readonly JsonObject[]) {
  for (const [index, event] of events.entries()) {
    const at = `/events/${index}`;
    const found =
      event.kind === "session.created" && isRecord(event.config)
        ? findRefusedPolicyPattern(event.config.policy, `${at}/config/policy`)
        : event.kind === "session.configured" && isRecord(event.changes) && isRecord(event.changes.policy)
          ? findRefusedPolicyPattern(event.changes.policy.after, `${at}/changes/policy/after`)
          : event.kind === "session.forked" && isRecord(event.edits)
            ? findRefusedPolicyPattern(event.edits.policy, `${at}/edits/policy`)
            : null;
    if (found) return found;
  }
  return null;
}

export interface ReadExport {
  title: string;
  provider: ProviderConfig;
  events: NewEvent[];
  /** Each event's original `at`, when every event has one. */
  times?: number[];
}

export type ReadExportOutcome = { ok: true; value: ReadExport } | { ok: false; error: string; path?: string };

/**
 * A Toolscope export (`{ format: "toolscope-export", version: 1, session, events }`) as the
 * events to append under a new id: each event's envelope (`seq`, `sessionId`) is given again by
 * the store, which keeps each event's original `at` — so the events are the same apart from
 * `sessionId` (an export without times is stamped with the import's, and a note says so). The first event must be
 * `session.created`; an event of a kind this version does not know is refused.
 */
export function readExportFile(original: JsonObject, notes: string[]): ReadExportOutcome {
  if (original.version !== 1)
    return {
      ok: false,
      error: `/version: this Toolscope reads export version 1; got ${JSON.stringify(original.version)}.`,
    };
  const file = withEncodedBaseURLs(original, notes);
  const events = file.events;
  if (!Array.isArray(events) || events.length === 0)
    return { ok: false, error: "/events: an export needs its events, session.created first." };
  const bad = events.findIndex(
    (e) => !isRecord(e) || typeof e.kind !== "string" || !Object.hasOwn(EVENT_KINDS, e.kind),
  );
  if (bad !== -1) return { ok: false, error: `/events/${bad}/kind: not an event kind this Toolscope knows.` };
  for (const [index, event] of (events as JsonObject[]).entries()) {
    const missing = findMissingField(event, index);
    if (missing)
      return {
        ok: false,
        error: `${missing}: missing or of the wrong type for a ${describeValue(event.kind)} event.`,
      };
  }
  const refused = findRefusedPattern(events as JsonObject[]);
  if (refused)
    return { ok: false, error: `${refused.pointer}: a regex this server cannot run: ${refused.error}` };
  // A provider config from a file is checked as POST /api/sessions checks one (an unknown kind, a
  // bad baseURL or fault is refused here, not left to fail later in a run or a listing).
  const badProvider = findBadProvider(events as JsonObject[], file.session);
  if (badProvider)
    return { ok: false, error: `${badProvider.path}: ${badProvider.error}`, path: badProvider.path };
  const first = events[0] as JsonObject;
  const config = first.config;
  if (
    first.kind !== "session.created" ||
    !isRecord(config) ||
    !isRecord(config.provider) ||
    !isRecord(first.workspace)
  )
    return {
      ok: false,
      error: "/events/0: the first event must be session.created with its config and workspace.",
    };
  const gaps = events.some((e: JsonObject, i) => e.seq !== undefined && e.seq !== i);
  if (gaps)
    notes.push(
      "The export's seq numbers were not dense from 0; the events were numbered again in file order.",
    );
  const times = events.every((e: JsonObject) => typeof e.at === "number" && Number.isFinite(e.at))
    ? events.map((e: JsonObject) => e.at as number)
    : undefined;
  if (!times)
    notes.push("Some events had no time (at); every event was stamped with the time of this import.");
  const session = isRecord(file.session) ? file.session : {};
  const title =
    typeof session.title === "string" ? session.title : describeValue(config.title ?? "Imported session");
  const provider = (isRecord(session.provider)
    ? session.provider
    : config.provider) as unknown as ProviderConfig;
  const kept = events
    .map((_, index) => index)
    .filter((index) => EVENT_KINDS[events[index].kind as EventKind]);
  if (kept.length < events.length)
    notes.push(
      "Trust given to the exported session's MCP servers was not imported: they start only when a person trusts this session.",
    );
  const stripped = kept.map((index) => {
    const { seq: _seq, at: _at, sessionId: _sessionId, ...event } = events[index] as JsonObject;
    return event as unknown as NewEvent;
  });
  const keptTimes = times && kept.map((index) => times[index]!);
  return {
    ok: true,
    value: { title, provider, events: stripped, ...(keptTimes ? { times: keptTimes } : {}) },
  };
}

/** The file with any redacted provider base URL percent-encoded (see `encodeRedactedBaseURLs`). */
function withEncodedBaseURLs(file: JsonObject, notes: string[]): JsonObject {
  if (!Array.isArray(file.events) || !file.events.every(isRecord)) return file;
  const { events, session } = encodeRedactedBaseURLs(file.events as JsonObject[], file.session, notes);
  return { ...file, events, ...(session === undefined ? {} : { session }) } as JsonObject;
}

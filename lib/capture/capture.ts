/**
 * The capture use case (docs/api.md, "Capture"): one client request to a model endpoint, recorded
 * into its session and relayed to the chosen upstream, the reply relayed back as it arrives.
 */
import "server-only";
import { isRecord, parseJson, type JsonObject } from "@/lib/agent/import/shapes";
import type { Runtime } from "@/lib/agent/runtime";
import { estimateRequestTokens } from "@/lib/agent/tokens";
import type { WireFormat } from "@/lib/protocol/unified";
import type { ProviderConfig } from "@/lib/trace/config";
import { estimateCacheUse, readPromptPrefix } from "@/lib/trace/prompt-cache";
import { nameClient, replyError, resolveEndpoint } from "./endpoints";
import { readCapturedRequest } from "./read-request";
import { createCaptureSession, openRequest, type RequestRecord } from "./record";
import { relayResponse } from "./reply";
import { takeLane, waitForLane } from "./lanes";
import { loadRecentTracks, rebuildTrack } from "./track-store";
import {
  PREFIX_LIMIT_CHARS,
  countShared,
  findContinuedTrack,
  listTracks,
  rememberTrack,
  summarizeMessages,
  type SessionTrack,
} from "./tracks";
import type { CaptureFamily, CaptureReply, CaptureRequest, Upstream, UpstreamTable } from "./types";

export interface CaptureDeps {
  runtime: Runtime;
  upstreams: UpstreamTable;
}

/** Session ids a client may choose with `x-toolscope-session`. */
const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;

type Chosen = { ok: true; upstream: Upstream } | { ok: false; reply: CaptureReply };

/** The upstream `x-toolscope-upstream` names, else the default; refused when it cannot answer `format`. */
function chooseUpstream(
  table: UpstreamTable,
  family: CaptureFamily,
  format: WireFormat | null,
  named: string | undefined,
): Chosen {
  const name = named?.trim() || table.defaultName();
  const upstream = table.list().find((candidate) => candidate.name === name);
  const refuse = (message: string): Chosen => ({ ok: false, reply: replyError(family, 400, message) });
  if (!upstream) {
    const names = table
      .list()
      .map((candidate) => candidate.name)
      .join(", ");
    return refuse(`x-toolscope-upstream: no upstream named "${name}" (there are: ${names}).`);
  }
  if (!upstream.ready)
    return refuse(`The upstream "${name}" cannot answer now: ${upstream.reason ?? "it is not set up"}.`);
  if (format && !upstream.formats.includes(format))
    return refuse(`The upstream "${name}" does not speak the ${format} wire format.`);
  return { ok: true, upstream };
}

function describeProvider(upstream: Upstream, format: WireFormat, body: JsonObject): ProviderConfig {
  const model = typeof body.model === "string" ? { model: body.model } : {};
  if (upstream.kind === "offline") return { kind: "offline", wire: format, ...model };
  const kind = format === "anthropic" ? "anthropic" : format;
  return { kind, ...model, ...(upstream.baseURL ? { baseURL: upstream.baseURL } : {}) };
}

/** Where a request goes: its session's track, how many of its messages are recorded already, whether it repeats the last request. */
type Placed =
  { ok: true; track: SessionTrack; from: number; retry: boolean } | { ok: false; message: string };

/** How many messages of `track`'s conversation are in its log (none before its first request: a token count's). */
function recordedLength(track: SessionTrack): number {
  return track.turn === 0 ? 0 : track.conversation.length;
}

/** The track `x-toolscope-session` names: this process's, else rebuilt from the log, else a new session under that id. */
function findNamedTrack(runtime: Runtime, record: RequestRecord, id: string): SessionTrack | string {
  if (!SESSION_ID.test(id)) return "x-toolscope-session: a session id is 1-100 letters, digits, _ or -.";
  const tracks = listTracks(runtime);
  const row = runtime.store.getSession(id);
  let track = tracks.get(id);
  if (track && !row) {
    tracks.delete(id);
    track = undefined;
  }
  if (track) return track;
  if (row && row.source !== "capture") return `x-toolscope-session: ${id} is not a capture session.`;
  track = row ? rebuildTrack(runtime, id, record.format) : createCaptureSession(runtime, record, id);
  rememberTrack(runtime, track);
  return track;
}

/**
 * The session a request belongs to: the one `x-toolscope-session` names (created under that id
 * when new; a session that is not a capture is refused), else the one whose conversation it
 * continues (after a restart, as rebuilt from the log), else a new one. Under the header, the
 * messages past those it shares with the recorded conversation are the new ones; a request
 * equal to the last one is that turn's next attempt.
 */
function placeRequest(runtime: Runtime, record: RequestRecord, named: string | undefined): Placed {
  const id = named?.trim();
  if (id) {
    const track = findNamedTrack(runtime, record, id);
    if (typeof track === "string") return { ok: false, message: track };
    const shared = Math.min(countShared(track.conversation, record.summaries), recordedLength(track));
    const retry =
      track.requestLength > 0 &&
      record.summaries.length === track.requestLength &&
      shared >= track.requestLength;
    return { ok: true, track, from: shared, retry };
  }
  loadRecentTracks(runtime);
  const track = findContinuedTrack(runtime, record.format, record.summaries);
  // A session deleted since its last request takes its track with it.
  if (track && !runtime.store.getSession(track.id)) listTracks(runtime).delete(track.id);
  else if (track) {
    const retry = !track.answered && track.conversation.length === record.summaries.length;
    return { ok: true, track, from: recordedLength(track), retry };
  }
  const created = createCaptureSession(runtime, record);
  rememberTrack(runtime, created);
  return { ok: true, track: created, from: 0, retry: false };
}

/**
 * {@link placeRequest}, then the session's lane (lanes.ts): when a request is in flight there,
 * waits for its end and places the request again (it may now continue that one's reply). A
 * request identical to the one in flight is a retry of it (a client that gave up waiting, or
 * sent it twice): it stays that turn's next attempt once the lane is free, answered or not,
 * rather than being placed anew (then it would continue no conversation and open a session).
 */
async function placeInLane(
  runtime: Runtime,
  record: RequestRecord,
  named: string | undefined,
  signal: AbortSignal,
): Promise<(Placed & { ok: true; free: () => void }) | { ok: false; status: number; message: string }> {
  let retryOf: SessionTrack | null = null;
  for (;;) {
    if (signal.aborted) return { ok: false, status: 499, message: "The client closed the request." };
    // A session deleted meanwhile takes the retry with it: the request is placed anew.
    if (retryOf && !runtime.store.getSession(retryOf.id)) retryOf = null;
    const placed: Placed = retryOf
      ? { ok: true, track: retryOf, from: retryOf.requestLength, retry: true }
      : placeRequest(runtime, record, named);
    if (!placed.ok) return { ok: false, status: 400, message: placed.message };
    const free = takeLane(runtime, placed.track.id);
    if (free) return { ...placed, free };
    if (placed.retry) retryOf = placed.track;
    if (!(await waitForLane(runtime, placed.track.id, signal)))
      return { ok: false, status: 499, message: "The client closed the request." };
  }
}

/** Anthropic's token count: relayed to a real upstream, estimated for the offline one. */
async function countTokens(
  upstream: Upstream,
  request: CaptureRequest,
  body: JsonObject,
): Promise<CaptureReply & { body: string }> {
  if (upstream.kind !== "offline") {
    const response = await upstream.send({ ...request, body: request.bodyText, turn: 0 });
    return {
      status: response.status,
      headers: { "content-type": "application/json" },
      body: await response.text(),
    };
  }
  const tokens = estimateRequestTokens({ tools: body.tools, system: body.system, messages: body.messages });
  return {
    status: 200,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ input_tokens: tokens.total }),
  };
}

/** The session a token count belongs to: the named one, else the one whose conversation it extends or equals, else a new one. */
function placeCount(
  runtime: Runtime,
  record: RequestRecord,
  named: string | undefined,
): SessionTrack | string {
  const id = named?.trim();
  if (id) return findNamedTrack(runtime, record, id);
  loadRecentTracks(runtime);
  let best: SessionTrack | null = null;
  for (const track of listTracks(runtime).values()) {
    const length = track.conversation.length;
    if (track.format !== record.format || length === 0) continue;
    if (countShared(track.conversation, record.summaries) !== length) continue;
    if (
      !best ||
      length > best.conversation.length ||
      (length === best.conversation.length && track.touchedAt > best.touchedAt)
    )
      best = track;
  }
  if (best && runtime.store.getSession(best.id)) return best;
  const created = createCaptureSession(runtime, record);
  created.conversation = record.summaries;
  rememberTrack(runtime, created);
  return created;
}

/**
 * A token count, answered and recorded as `tokens.counted` in its session (in the session's
 * lane, like a request) without opening a turn. An upstream that cannot be reached is a 502.
 */
async function handleCount(
  deps: CaptureDeps,
  request: CaptureRequest,
  upstream: Upstream,
  record: RequestRecord,
): Promise<CaptureReply> {
  const { runtime } = deps;
  let track: SessionTrack;
  let free: () => void;
  for (;;) {
    if (request.signal.aborted) return replyError(request.family, 499, "The client closed the request.");
    const placed = placeCount(runtime, record, request.headers["x-toolscope-session"]);
    if (typeof placed === "string") return replyError(request.family, 400, placed);
    const taken = takeLane(runtime, placed.id);
    if (taken) {
      [track, free] = [placed, taken];
      break;
    }
    if (!(await waitForLane(runtime, placed.id, request.signal)))
      return replyError(request.family, 499, "The client closed the request.");
  }
  try {
    let reply: CaptureReply & { body: string };
    try {
      reply = await countTokens(upstream, request, record.body);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      reply = replyError(
        request.family,
        502,
        `The upstream ${upstream.name} could not be reached: ${reason}`,
      );
    }
    const response = parseJson(reply.body) ?? reply.body;
    const counted =
      isRecord(response) && typeof response.input_tokens === "number" ? response.input_tokens : null;
    runtime.store.append(track.id, {
      kind: "tokens.counted",
      afterTurn: track.turn,
      format: record.format,
      body: record.body,
      headers: record.headers,
      capture: record.info,
      status: reply.status,
      inputTokens: reply.status < 300 ? counted : null,
      response,
    });
    return { ...reply, headers: { ...reply.headers, "x-toolscope-session": track.id } };
  } finally {
    free();
  }
}

/**
 * Handles one capture request: picks the endpoint and upstream, records the request into its
 * session, and relays it (see reply.ts). Never throws for a client's input: an unknown path is a
 * 404, a body that is not a JSON object a 400, an upstream that cannot answer a 400, each in the
 * provider's own error shape. Unknown fields and blocks are relayed and recorded as sent.
 */
export async function handleCapture(deps: CaptureDeps, request: CaptureRequest): Promise<CaptureReply> {
  const { runtime } = deps;
  const endpoint = resolveEndpoint(request.family, request.path);
  if (!endpoint) return replyError(request.family, 404, `Not found: POST ${request.path}`);
  const parsed = parseJson(request.bodyText);
  if (!isRecord(parsed)) return replyError(request.family, 400, "The request body must be a JSON object.");
  const model = endpoint.kind === "model" ? endpoint.format : "anthropic";
  const chosen = chooseUpstream(
    deps.upstreams,
    request.family,
    endpoint.kind === "model" ? model : null,
    request.headers["x-toolscope-upstream"],
  );
  if (!chosen.ok) return chosen.reply;
  const captured = readCapturedRequest(parsed, model);
  const record: RequestRecord = {
    format: model,
    body: parsed,
    captured,
    summaries: captured.read ? summarizeMessages(captured.read.messages) : [],
    headers: request.headers,
    info: {
      path: `${request.path}${request.search}`,
      upstream: chosen.upstream.name,
      client: nameClient(request.headers["user-agent"]),
    },
    provider: describeProvider(chosen.upstream, model, parsed),
    receivedAt: runtime.clock.now(),
    // Only the offline upstream models a prompt cache: a real one's request pays nothing for it.
    prefix:
      chosen.upstream.kind === "offline" && request.bodyText.length <= PREFIX_LIMIT_CHARS
        ? readPromptPrefix(parsed)
        : null,
  };
  if (endpoint.kind === "count-tokens") return handleCount(deps, request, chosen.upstream, record);
  const placed = await placeInLane(runtime, record, request.headers["x-toolscope-session"], request.signal);
  if (!placed.ok) return replyError(request.family, placed.status, placed.message);
  try {
    const opened = openRequest(runtime, placed.track, record, { from: placed.from, retry: placed.retry });
    const promptCache = record.prefix
      ? estimateCacheUse(model, record.prefix, opened.previousPrefix)
      : undefined;
    return await relayResponse({
      runtime,
      upstream: chosen.upstream,
      request,
      opened,
      format: model,
      ...(promptCache ? { promptCache } : {}),
      onFinished: placed.free,
    });
  } catch (error) {
    placed.free();
    throw error;
  }
}

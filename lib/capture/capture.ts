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
import { nameClient, replyError, resolveEndpoint } from "./endpoints";
import { readCapturedRequest } from "./read-request";
import { createCaptureSession, openRequest, type RequestRecord } from "./record";
import { relayResponse } from "./reply";
import { findContinuedTrack, listTracks, rebuildTrack, summarizeMessages, type SessionTrack } from "./tracks";
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

/**
 * The session a request belongs to: the one `x-toolscope-session` names (created under that id
 * when new; a session that is not a capture is refused), else the one whose conversation it
 * continues, else a new one.
 */
function placeRequest(
  runtime: Runtime,
  record: RequestRecord,
  named: string | undefined,
): { ok: true; track: SessionTrack; from: number; retry: boolean } | { ok: false; message: string } {
  const tracks = listTracks(runtime);
  const id = named?.trim();
  if (id) {
    if (!SESSION_ID.test(id))
      return { ok: false, message: "x-toolscope-session: a session id is 1-100 letters, digits, _ or -." };
    let track = tracks.get(id);
    if (!track) {
      const row = runtime.store.getSession(id);
      if (row && row.source !== "capture")
        return { ok: false, message: `x-toolscope-session: ${id} is not a capture session.` };
      track = row ? rebuildTrack(runtime, id, record.format) : createCaptureSession(runtime, record, id);
      tracks.set(id, track);
    }
    const continued = Math.max(0, measureFrom(track, record.summaries));
    const retry = !track.answered && continued === record.summaries.length && continued > 0;
    return { ok: true, track, from: continued, retry };
  }
  const track = findContinuedTrack(runtime, record.format, record.summaries);
  if (track) {
    const retry = !track.answered && track.conversation.length === record.summaries.length;
    return { ok: true, track, from: track.conversation.length, retry };
  }
  const created = createCaptureSession(runtime, record);
  tracks.set(created.id, created);
  return { ok: true, track: created, from: 0, retry: false };
}

/** How many leading messages of a request the track already holds (0 when it continues nothing). */
function measureFrom(track: SessionTrack, summaries: readonly string[]): number {
  let index = 0;
  while (index < track.conversation.length && track.conversation[index] === summaries[index]) index++;
  return index === track.conversation.length ? index : 0;
}

/** Anthropic's token count: relayed to a real upstream, estimated for the offline one. Not recorded. */
async function countTokens(
  upstream: Upstream,
  request: CaptureRequest,
  body: JsonObject,
): Promise<CaptureReply> {
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
  const format = endpoint.kind === "model" ? endpoint.format : null;
  const chosen = chooseUpstream(
    deps.upstreams,
    request.family,
    format,
    request.headers["x-toolscope-upstream"],
  );
  if (!chosen.ok) return chosen.reply;
  if (endpoint.kind === "count-tokens") return countTokens(chosen.upstream, request, parsed);
  const model = endpoint.format;
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
  };
  const placed = placeRequest(runtime, record, request.headers["x-toolscope-session"]);
  if (!placed.ok) return replyError(request.family, 400, placed.message);
  const opened = openRequest(runtime, placed.track, record, { from: placed.from, retry: placed.retry });
  return relayResponse({ runtime, upstream: chosen.upstream, request, opened, format: model });
}

/**
 * Replay of one captured request against another upstream: the client's body exactly as
 * recorded, unstreamed (`stream: false`), with the client's recorded headers (no credentials
 * were recorded; the upstream adds its own key), so the answer can be set beside the original.
 * Nothing is appended to the log.
 */
import "server-only";
import { refuse, succeed, type Outcome } from "@/lib/agent/outcome";
import type { RequestReplayReply } from "@/lib/contract/request-replay";
import type { EventStore } from "@/lib/store/store";
import type { RequestAssembled } from "@/lib/trace/events";
import type { Upstream } from "./types";

export interface ReplayRequestDeps {
  store: Pick<EventStore, "events" | "getSession">;
  upstreams: readonly Upstream[];
}

function findRequest(events: ReturnType<EventStore["events"]>, turn: number): RequestAssembled | undefined {
  let found: RequestAssembled | undefined;
  for (const event of events) if (event.kind === "request.assembled" && event.turn === turn) found = event;
  return found;
}

export async function replayCapturedRequest(
  deps: ReplayRequestDeps,
  sessionId: string,
  turn: number,
  upstreamName: string,
  signal: AbortSignal,
): Promise<Outcome<RequestReplayReply>> {
  if (!deps.store.getSession(sessionId)) return refuse("not_found", `No session has the id ${sessionId}.`);
  const events = deps.store.events(sessionId);
  const request = findRequest(events, turn);
  if (!request) return refuse("not_found", `Turn ${turn} of this session has no request.`);
  if (!request.capture) {
    return refuse("unprocessable", `Turn ${turn}'s request was Toolscope's own, not a captured client's.`);
  }
  const upstream = deps.upstreams.find((candidate) => candidate.name === upstreamName);
  if (!upstream) {
    const names = deps.upstreams.map((candidate) => candidate.name).join(", ");
    return refuse("invalid", `No upstream named "${upstreamName}" (there are: ${names}).`, "/upstream");
  }
  if (!upstream.ready)
    return refuse(
      "unprocessable",
      `${upstream.name} cannot answer: ${upstream.reason ?? "not ready"}.`,
      "/upstream",
    );
  if (!upstream.formats.includes(request.format)) {
    return refuse("unprocessable", `${upstream.name} does not speak ${request.format}.`, "/upstream");
  }
  const query = request.capture.path.indexOf("?");
  const path = query < 0 ? request.capture.path : request.capture.path.slice(0, query);
  const search = query < 0 ? "" : request.capture.path.slice(query);
  const response = await upstream.send({
    path,
    search,
    headers: { ...request.headers, "content-type": "application/json" },
    body: JSON.stringify({ ...request.body, stream: false }),
    signal,
    turn,
  });
  const text = await response.text();
  let replay: unknown = text;
  try {
    replay = JSON.parse(text);
  } catch {
    // Not JSON: an error page, say. Shown as the text it is.
  }
  const completed = events.filter((event) => event.kind === "turn.completed" && event.turn === turn).at(-1);
  return succeed({
    turn,
    upstream: upstream.name,
    status: response.status,
    original: completed?.kind === "turn.completed" ? completed.message : null,
    replay,
  });
}

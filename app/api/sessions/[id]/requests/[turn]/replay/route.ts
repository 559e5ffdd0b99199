import { replayCapturedRequest } from "@/lib/capture/replay-request";
import { RequestReplayBody, type RequestReplayReply } from "@/lib/contract/request-replay";
import { readJsonBody } from "@/lib/server/body";
import { listUpstreams } from "@/lib/server/capture-upstreams";
import { errorResponse } from "@/lib/server/http";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** Sends turn `:turn`'s captured request again, unstreamed, to `upstream`; records nothing (docs/api.md, "Capture"). */
export const POST = withDatabaseErrors(async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string; turn: string }> },
) {
  const { id, turn } = await params;
  const number = Number(turn);
  if (!Number.isInteger(number) || number < 1)
    return errorResponse(400, "turn must be a turn number, from 1.", { path: "turn" });
  const body = await readJsonBody(request, RequestReplayBody);
  if (!body.ok) return body.response;
  const runtime = getRuntime();
  const upstreams = listUpstreams(runtime.clock);
  return respond<RequestReplayReply>(
    await replayCapturedRequest(
      { store: runtime.store, upstreams },
      id,
      number,
      body.value.upstream,
      request.signal,
    ),
  );
});

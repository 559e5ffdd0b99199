import { replayCall } from "@/lib/agent/replay";
import { readJsonBody } from "@/lib/server/body";
import { errorResponse } from "@/lib/server/http";
import { ReplayBody, type ReplayReply } from "@/lib/contract/replay";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** Runs one recorded call through the pipeline again; appends `call.replayed`. */
export const POST = withDatabaseErrors(async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string; callId: string }> },
) {
  const { id, callId } = await params;
  const body = await readJsonBody(request, ReplayBody);
  if (!body.ok) return body.response;
  if (body.value.decision?.decision === "edit" && body.value.decision.arguments === undefined) {
    return errorResponse(
      400,
      "/decision/arguments is required when the decision is edit: the edited arguments object.",
      { path: "/decision/arguments" },
    );
  }
  return respond<ReplayReply>(await replayCall(getRuntime(), id, callId, body.value));
});

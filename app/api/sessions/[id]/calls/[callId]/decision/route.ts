import { decideAnywhere } from "@/lib/agent/remote-control";
import { readJsonBody } from "@/lib/server/body";
import { DecisionBody, type CallStatusReply } from "@/lib/contract/runs";
import { errorResponse } from "@/lib/server/http";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** Approve, deny or edit a call that waits for a person. */
export const POST = withDatabaseErrors(async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string; callId: string }> },
) {
  const { id, callId } = await params;
  const body = await readJsonBody(request, DecisionBody);
  if (!body.ok) return body.response;
  if (body.value.decision === "edit" && body.value.arguments === undefined) {
    return errorResponse(
      400,
      "/arguments is required when the decision is edit: the edited arguments object.",
      { path: "/arguments" },
    );
  }
  return respond<CallStatusReply>(await decideAnywhere(getRuntime(), id, callId, body.value));
});

import { controlAnywhere } from "@/lib/agent/remote-control";
import { readJsonBody } from "@/lib/server/body";
import { ControlBody, type ControlReply } from "@/lib/contract/runs";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** Step, continue, pause or interrupt the session's run (on whichever instance carries it). */
export const POST = withDatabaseErrors(async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const body = await readJsonBody(request, ControlBody);
  if (!body.ok) return body.response;
  return respond<ControlReply>(await controlAnywhere(getRuntime(), id, body.value.action));
});

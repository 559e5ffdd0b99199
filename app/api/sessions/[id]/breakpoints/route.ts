import { setBreakpointsAnywhere } from "@/lib/agent/remote-control";
import { readJsonBody } from "@/lib/server/body";
import { BreakpointsBody, type BreakpointsReply } from "@/lib/contract/runs";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** Turns breakpoints on or off; a live run sees the change at its next checkpoint. */
export const PUT = withDatabaseErrors(async function PUT(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const body = await readJsonBody(request, BreakpointsBody);
  if (!body.ok) return body.response;
  return respond<BreakpointsReply>(await setBreakpointsAnywhere(getRuntime(), id, body.value));
});

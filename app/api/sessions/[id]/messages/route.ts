import { startMessageRun } from "@/lib/agent/runs";
import { SendMessageBody, type StartedRun } from "@/lib/contract/sessions";
import { readJsonBody } from "@/lib/server/body";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/**
 * Starts a run for a user message — `{ text }`, or `{}` / `{ lang }` for a lesson's next scripted
 * message — which proceeds in the background and appends events.
 */
export const POST = withDatabaseErrors(async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const body = await readJsonBody(request, SendMessageBody);
  if (!body.ok) return body.response;
  return respond<StartedRun>(startMessageRun(getRuntime(), id, body.value.text, body.value.lang), 202);
});

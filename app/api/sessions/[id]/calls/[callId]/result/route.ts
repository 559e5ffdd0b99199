import { provideResultAnywhere } from "@/lib/agent/remote-control";
import { readJsonBody } from "@/lib/server/body";
import { ManualResultBody, type CallStatusReply } from "@/lib/contract/runs";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** The result a person typed for a tool whose mock is `manual`. */
export const POST = withDatabaseErrors(async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string; callId: string }> },
) {
  const { id, callId } = await params;
  const body = await readJsonBody(request, ManualResultBody);
  if (!body.ok) return body.response;
  return respond<CallStatusReply>(
    await provideResultAnywhere(getRuntime(), id, callId, {
      content: body.value.content,
      isError: body.value.isError ?? false,
    }),
  );
});

import { getTranscriptBody } from "@/lib/agent/transcript-body";
import type { TranscriptReply } from "@/lib/contract/transcript";
import { readTranscriptQuery } from "@/lib/server/query";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** `GET /api/sessions/:id/transcript?format=&at=`: the conversation as a provider's request body (docs/api.md). */
export const GET = withDatabaseErrors(async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const query = readTranscriptQuery(new URL(request.url).searchParams);
  if (!query.ok) return respond(query);
  return respond<TranscriptReply>(getTranscriptBody(getRuntime(), id, query.value));
});

import { getRuntime } from "@/lib/agent/runtime";
import { getTranscriptBody } from "@/lib/agent/transcript-body";
import type { TranscriptReply } from "@/lib/contract/transcript";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return respond<TranscriptReply>(getTranscriptBody(getRuntime(), id, new URL(request.url).searchParams));
}

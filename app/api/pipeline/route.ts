import { runStatelessPipeline } from "@/lib/agent/stateless-pipeline";
import { readJsonBody } from "@/lib/server/body";
import { PipelineBody, type PipelineReply } from "@/lib/contract/pipeline";
import { respond } from "@/lib/server/respond";
import { listServerSecrets } from "@/lib/server/runtime";

export const dynamic = "force-dynamic";

/** Runs calls through the pipeline in a fresh sandbox; nothing persists. */
export async function POST(request: Request) {
  const body = await readJsonBody(request, PipelineBody);
  if (!body.ok) return body.response;
  return respond<PipelineReply>(await runStatelessPipeline(body.value, listServerSecrets()));
}

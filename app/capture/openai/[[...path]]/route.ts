import { answerCaptureProbe, serveCapture } from "@/lib/server/capture-http";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path?: string[] }> };

/** Clients probe the base URL (docs/api.md, "Capture"). */
export function GET() {
  return answerCaptureProbe();
}

export function HEAD() {
  return answerCaptureProbe();
}

/** A model request in the OpenAI Chat Completions or Responses format, recorded and relayed. */
export async function POST(request: Request, context: Context) {
  return serveCapture(request, "openai", (await context.params).path);
}

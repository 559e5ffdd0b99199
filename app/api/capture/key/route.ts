import { CaptureKeyBody, type CaptureKey } from "@/lib/contract/capture-key";
import { readJsonBody } from "@/lib/server/body";
import { loadServerConfig } from "@/lib/server/config";
import { jsonResponse } from "@/lib/server/http";
import { resolveToken } from "@/lib/server/token";

export const dynamic = "force-dynamic";

/**
 * `POST /api/capture/key {}` (docs/api.md, "Capture"): the key to give a client of the capture
 * endpoints, which is the launch token. A POST so that it is only ever a deliberate ask (the
 * Settings page's Show and Copy buttons), never a prefetch, a cached GET or part of a page.
 */
export async function POST(request: Request) {
  const body = await readJsonBody(request, CaptureKeyBody);
  if (!body.ok) return body.response;
  return jsonResponse<CaptureKey>({ apiKey: resolveToken(loadServerConfig()) });
}

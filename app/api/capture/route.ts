import { UpdateCaptureBody, type CaptureView } from "@/lib/contract/capture";
import { readJsonBody } from "@/lib/server/body";
import { describeCapture, isKnownUpstream, writeDefaultUpstream } from "@/lib/server/capture-view";
import { loadServerConfig } from "@/lib/server/config";
import { errorResponse, jsonResponse } from "@/lib/server/http";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

function readHost(request: Request): string {
  const config = loadServerConfig();
  return request.headers.get("host") ?? `${config.host}:${config.port}`;
}

/** The capture endpoints' base URLs, the default upstream and every upstream (docs/api.md, "Capture"). */
export const GET = withDatabaseErrors(function GET(request: Request) {
  return jsonResponse<CaptureView>(describeCapture(readHost(request), getRuntime().clock));
});

/** Sets the default upstream; an unknown name is a 400 naming `/defaultUpstream`. */
export const PUT = withDatabaseErrors(async function PUT(request: Request) {
  const body = await readJsonBody(request, UpdateCaptureBody);
  if (!body.ok) return body.response;
  const { defaultUpstream } = body.value;
  const clock = getRuntime().clock;
  if (!isKnownUpstream(defaultUpstream, clock))
    return errorResponse(400, `No upstream named "${defaultUpstream}".`, { path: "/defaultUpstream" });
  try {
    writeDefaultUpstream(defaultUpstream);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "unknown error";
    return errorResponse(500, `Could not save the capture settings in the data directory (${code}).`);
  }
  return jsonResponse<CaptureView>(describeCapture(readHost(request), clock));
});

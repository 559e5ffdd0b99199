import { forkSession } from "@/lib/agent/fork";
import { getRuntime } from "@/lib/agent/runtime";
import { readJsonBody } from "@/lib/server/body";
import { errorResponse, jsonResponse } from "@/lib/server/http";
import { ForkBody } from "@/lib/contract/fork";
import type { CreatedSession } from "@/lib/contract/sessions";

export const dynamic = "force-dynamic";

/** Forks the session at event `at` into a child session: `201 { id }`. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const body = await readJsonBody(request, ForkBody);
  if (!body.ok) return body.response;
  const forked = forkSession(getRuntime(), id, body.value);
  if (forked.ok) return jsonResponse<CreatedSession>(forked.value, 201);
  const { status, error, path } = forked.problem;
  return errorResponse(status, error, { ...(path === undefined ? {} : { path }), ...forked.extra });
}

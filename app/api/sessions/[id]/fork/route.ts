import { forkSession } from "@/lib/agent/fork";
import { ForkBody } from "@/lib/contract/fork";
import type { CreatedSession } from "@/lib/contract/sessions";
import { readJsonBody } from "@/lib/server/body";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** Forks the session at event `at` into a child session: `201 { id }`. */
export const POST = withDatabaseErrors(async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const body = await readJsonBody(request, ForkBody);
  if (!body.ok) return body.response;
  return respond<CreatedSession>(forkSession(getRuntime(), id, body.value), 201);
});

import { exportSession } from "@/lib/agent/export";
import type { SessionExport } from "@/lib/contract/transcript";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** The session as a Toolscope export file (docs/api.md); `POST /api/import` reads it back. */
export const GET = withDatabaseErrors(async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  return respond<SessionExport>(exportSession(getRuntime(), id));
});

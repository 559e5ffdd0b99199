import { importUnlessAbandoned } from "@/lib/agent/import/import-session";
import { readImportRequest } from "@/lib/server/import-body";
import type { ImportReply } from "@/lib/contract/import";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** Imports an export, a request or response body, an SSE capture or a HAR as a new session (docs/api.md, Import). */
export const POST = withDatabaseErrors(async function POST(request: Request) {
  const body = await readImportRequest(request);
  if (!body.ok) return body.response;
  return respond<ImportReply>(await importUnlessAbandoned(getRuntime(), body.input, request.signal), 201);
});

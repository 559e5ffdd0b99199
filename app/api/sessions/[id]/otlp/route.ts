import { exportSessionOtlpJson, sendSessionOtlp } from "@/lib/agent/otlp/session-otlp";
import { OtlpSendBody, type OtlpSendReply, type OtlpTraceFile } from "@/lib/contract/otlp";
import { readJsonBody } from "@/lib/server/body";
import { jsonResponse } from "@/lib/server/http";
import { readOtlpQuery } from "@/lib/server/query";
import { respond } from "@/lib/server/respond";
import { getRuntime } from "@/lib/server/runtime";
import { withDatabaseErrors } from "@/lib/server/database-errors";

export const dynamic = "force-dynamic";

/** `GET /api/sessions/:id/otlp?content=`: the session as an OTLP/JSON trace file, to download (docs/api.md). */
export const GET = withDatabaseErrors(async function GET(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const query = readOtlpQuery(new URL(request.url).searchParams);
  if (!query.ok) return respond(query);
  const file = exportSessionOtlpJson(getRuntime(), id, query.value.content);
  if (!file.ok) return respond(file);
  return jsonResponse<OtlpTraceFile>(file.value, 200, {
    "Content-Disposition": `attachment; filename="${id}.otlp.json"`,
  });
});

/** `POST /api/sessions/:id/otlp`: sends the session to the configured OTLP collector (docs/api.md). */
export const POST = withDatabaseErrors(async function POST(
  request: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const { id } = await params;
  const body = await readJsonBody(request, OtlpSendBody);
  if (!body.ok) return body.response;
  return respond<OtlpSendReply>(await sendSessionOtlp(getRuntime(), id));
});

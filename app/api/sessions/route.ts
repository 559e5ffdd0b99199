import { getRuntime } from "@/lib/agent/runtime";
import { createSession } from "@/lib/agent/sessions";
import { CreateSessionBody, type CreatedSession, type SessionList } from "@/lib/contract/sessions";
import { readJsonBody } from "@/lib/server/body";
import { jsonResponse } from "@/lib/server/http";
import { respond } from "@/lib/server/respond";

export const dynamic = "force-dynamic";

export function GET() {
  return jsonResponse<SessionList>({ sessions: getRuntime().store.listSessions() });
}

export async function POST(request: Request) {
  const body = await readJsonBody(request, CreateSessionBody);
  if (!body.ok) return body.response;
  return respond<CreatedSession>(createSession(getRuntime(), body.value), 201);
}

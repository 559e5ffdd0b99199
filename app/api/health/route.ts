import type { HealthReply } from "@/lib/contract/health";
import { jsonResponse } from "@/lib/server/http";
import packageJson from "@/package.json";

export const dynamic = "force-dynamic";

/** Liveness; the only route that needs no token. */
export function GET() {
  return jsonResponse<HealthReply>({ ok: true, version: packageJson.version });
}

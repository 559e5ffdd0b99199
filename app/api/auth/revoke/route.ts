import { RevokeBody, type RevokeReply } from "@/lib/contract/auth";
import { readJsonBody } from "@/lib/server/body";
import { authCookieName, issueAuthCookie, revokeAuthCookies } from "@/lib/server/auth";
import { loadServerConfig } from "@/lib/server/config";
import { jsonResponse } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/**
 * `POST /api/auth/revoke {}` (docs/api.md, "Auth"): every browser's auth cookie stops working; the
 * one that asked gets a fresh cookie, so only the others must open the printed URL again.
 */
export async function POST(request: Request) {
  const body = await readJsonBody(request, RevokeBody);
  if (!body.ok) return body.response;
  const config = loadServerConfig();
  const revokedBefore = revokeAuthCookies(config);
  const response = jsonResponse<RevokeReply>({ revokedBefore });
  const maxAge = config.cookieDays * 86_400;
  const value = issueAuthCookie(config, revokedBefore * 1000);
  response.headers.append(
    "Set-Cookie",
    `${authCookieName(config)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict`,
  );
  return response;
}

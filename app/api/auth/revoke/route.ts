import { authCookieName, issueAuthCookie, revokeAuthCookies } from "@/lib/server/auth";
import { loadServerConfig } from "@/lib/server/config";
import { jsonResponse } from "@/lib/server/http";

export const dynamic = "force-dynamic";

/**
 * `POST /api/auth/revoke` (docs/api.md, "Auth"): every browser's auth cookie stops working; the
 * one that asked gets a fresh cookie, so only the others must open the printed URL again.
 */
export function POST() {
  const config = loadServerConfig();
  const revokedBefore = revokeAuthCookies(config);
  const response = jsonResponse({ revokedBefore });
  const maxAge = config.cookieDays * 86_400;
  const value = issueAuthCookie(config, revokedBefore * 1000);
  response.headers.append(
    "Set-Cookie",
    `${authCookieName(config)}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict`,
  );
  return response;
}

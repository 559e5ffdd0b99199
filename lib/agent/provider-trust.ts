import "server-only";
import { findHeldProviderURL } from "@/lib/trace/provider-trust";
import { refuse, succeed, type Outcome } from "./outcome";
import type { Runtime } from "./runtime";
import { getSessionDetail, type SessionDetail } from "./session-detail";

/** What `provider.trust { trusted: true }` records as its reason. */
export const TRUSTED_REASON = "A person trusted it on the session page.";

/**
 * `POST /api/sessions/:id/provider/trust`: a person confirms the base URL the session's provider
 * is held at (docs/architecture.md, "Security"), appending `provider.trust { trusted: true }`, so
 * runs may send requests there, with this server's key, from now on (and after a restart: the log
 * says so). Nothing held: nothing is appended and `baseURL` is null. `not_found` for an unknown id.
 */
export function trustProvider(
  runtime: Runtime,
  sessionId: string,
): Outcome<{ baseURL: string | null; session: SessionDetail["session"] }> {
  if (!runtime.store.getSession(sessionId)) return refuse("not_found", `No session with id ${sessionId}.`);
  const held = findHeldProviderURL(runtime.store.events(sessionId));
  if (held)
    runtime.store.append(sessionId, {
      kind: "provider.trust",
      baseURL: held.baseURL,
      trusted: true,
      reason: TRUSTED_REASON,
    });
  const detail = getSessionDetail(runtime, sessionId);
  if (!detail.ok) return detail;
  return succeed({ baseURL: held?.baseURL ?? null, session: detail.value.session });
}

import "server-only";
import type { ApiReply } from "@/lib/contract/replies";
import type { Outcome } from "./problem";
import { errorResponse, jsonResponse } from "./http";

/**
 * Turns a lib outcome into a response: the value as JSON with `status`, or the problem as
 * docs/api.md's error shape. `T` is the answer's type in lib/contract and must be named
 * (`respond<SessionDetail>(…)`), as for {@link jsonResponse}.
 */
export function respond<T extends ApiReply = never>(outcome: Outcome<NoInfer<T>>, status = 200): Response {
  if (outcome.ok) return jsonResponse<T>(outcome.value, status);
  const { status: problemStatus, error, path } = outcome.problem;
  return errorResponse(problemStatus, error, path === undefined ? undefined : { path });
}

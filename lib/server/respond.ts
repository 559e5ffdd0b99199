import "server-only";
import type { Outcome, ProblemKind } from "@/lib/agent/outcome";
import type { ApiReply } from "@/lib/contract/replies";
import { errorResponse, jsonResponse } from "./http";

/** The HTTP status of each kind of refusal (docs/api.md): the one place a use case's answer meets HTTP. */
export const PROBLEM_STATUS: Readonly<Record<ProblemKind, 400 | 404 | 409 | 422 | 499 | 502 | 503>> =
  Object.freeze({
    invalid: 400,
    not_found: 404,
    conflict: 409,
    unprocessable: 422,
    // nginx's "client closed request": nobody reads it, the client is gone.
    abandoned: 499,
    upstream: 502,
    unavailable: 503,
  });

/**
 * Turns a lib outcome into a response: the value as JSON with `status`, or the problem as
 * docs/api.md's error shape `{ error, path?, ...details }` with its kind's status. `T` is the
 * answer's type in lib/contract and must be named (`respond<SessionDetail>(…)`), as for
 * {@link jsonResponse}; an outcome that can only fail needs none.
 */
export function respond<T extends ApiReply = never, Details extends object = object>(
  outcome: Outcome<NoInfer<T>, Details>,
  status = 200,
): Response {
  if (outcome.ok) return jsonResponse<T>(outcome.value, status);
  const { kind, error, path, ...details } = outcome.problem;
  return errorResponse(PROBLEM_STATUS[kind], error, {
    ...(path === undefined ? {} : { path }),
    ...(details as Record<string, unknown>),
  });
}

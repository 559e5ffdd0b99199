import "server-only";
import type { Outcome, ProblemKind } from "@/lib/agent/outcome";
import { errorResponse, jsonResponse } from "./http";

/** The HTTP status of each kind of refusal (docs/api.md): the one place a use case's answer meets HTTP. */
export const PROBLEM_STATUS: Readonly<Record<ProblemKind, 400 | 404 | 409 | 422>> = Object.freeze({
  invalid: 400,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
});

/**
 * Turns a lib outcome into a response: the value as JSON with `status`, or the problem as
 * docs/api.md's error shape `{ error, path?, ...details }` with its kind's status.
 */
export function respond<T, Details extends object>(outcome: Outcome<T, Details>, status = 200): Response {
  if (outcome.ok) return jsonResponse(outcome.value, status);
  const { kind, error, path, ...details } = outcome.problem;
  return errorResponse(PROBLEM_STATUS[kind], error, {
    ...(path === undefined ? {} : { path }),
    ...(details as Record<string, unknown>),
  });
}

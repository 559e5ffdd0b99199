import "server-only";
import type { Outcome } from "./problem";
import { errorResponse, jsonResponse } from "./http";

/** Turns a lib outcome into a response: the value as JSON with `status`, or the problem as docs/api.md's error shape. */
export function respond<T>(outcome: Outcome<T>, status = 200): Response {
  if (outcome.ok) return jsonResponse(outcome.value, status);
  const { status: problemStatus, error, path } = outcome.problem;
  return errorResponse(problemStatus, error, path === undefined ? undefined : { path });
}

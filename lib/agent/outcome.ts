import "server-only";

/**
 * What a use case answers: its value, or a problem saying what kind of refusal it is. The kinds
 * are the domain's, not HTTP's: lib/server (respond.ts) alone maps them to statuses, and sends a
 * problem as docs/api.md's error shape `{ error, path?, ...details }`.
 */

/**
 * `not_found`: an id names nothing; `conflict`: the session's state forbids it now (a live run,
 * a finished script); `invalid`: a value the caller sent is wrong; `unprocessable`: the value is
 * well-formed but cannot be acted on (a fork point that ends no turn, input nothing reads);
 * `abandoned`: the caller went away (its request's signal aborted), so the work was stopped;
 * `upstream`: a service or server Toolscope needs failed (an MCP server that could not be started
 * or reached, an OTLP collector that refused or is down); `unavailable`: a part of Toolscope
 * itself cannot answer now (the database, another instance sharing it): try again later.
 */
export type ProblemKind =
  "not_found" | "conflict" | "invalid" | "unprocessable" | "abandoned" | "upstream" | "unavailable";

/** A refusal: a sentence for a person, the field it is about (a JSON Pointer), and any details. */
export type Problem<Details extends object = NoDetails> = {
  kind: ProblemKind;
  error: string;
  path?: string;
} & Details;

/** A problem without details of its own. */
export type NoDetails = Record<never, never>;

export type Outcome<T, Details extends object = NoDetails> =
  { ok: true; value: T } | { ok: false; problem: Problem<Details> };

export const succeed = <T>(value: T): Outcome<T, never> => ({ ok: true, value });

/** A refusal of `kind`; `path` and `details` are left out when not given. */
export function refuse<Details extends object = NoDetails>(
  kind: ProblemKind,
  error: string,
  path?: string,
  details?: Details,
): Outcome<never, Details> {
  return {
    ok: false,
    problem: { kind, error, ...(path === undefined ? {} : { path }), ...details } as Problem<Details>,
  };
}

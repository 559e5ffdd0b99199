import "server-only";
/** A refusal a route turns into `{ error, path? }` with its status (docs/api.md's error shape). */
export interface Problem {
  status: 400 | 404 | 409 | 422;
  error: string;
  path?: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export const succeed = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refuse = (status: Problem["status"], error: string, path?: string): Outcome<never> => ({
  ok: false,
  problem: { status, error, ...(path === undefined ? {} : { path }) },
});

import { idempotencyGuard } from "./idempotency-guard";
import { staleFileCheck } from "./stale-file-check";
import type { PreflightHook } from "./types";

export { idempotencyGuard } from "./idempotency-guard";
export { staleFileCheck } from "./stale-file-check";

/**
 * The built-in preflight hooks by id, for `PreflightInput.hooks`. Tests add their own hooks by
 * building a new Map (`new Map([...BUILTIN_HOOKS, [id, hook]])`), never by editing this one.
 */
export const BUILTIN_HOOKS: ReadonlyMap<string, PreflightHook> = new Map(
  [staleFileCheck, idempotencyGuard].map((hook) => [hook.id, hook]),
);

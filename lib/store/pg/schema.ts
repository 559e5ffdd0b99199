import "server-only";
import type { PostgresBridge } from "./bridge";

/** Brings the database up to date (migrations.mjs, run by the worker); returns its version. */
export function migratePostgres(bridge: PostgresBridge): number {
  return bridge.migrate();
}

// Where the Postgres store's worker is, for the plain Node entry points (scripts/server.mjs sets
// TOOLSCOPE_PG_WORKER from it): a Next build does not bundle the worker (lib/store/pg/bridge.ts).
import { fileURLToPath } from "node:url";

/** The absolute path of worker.mjs beside this module. */
export const WORKER_FILE = fileURLToPath(new URL("./worker.mjs", import.meta.url));

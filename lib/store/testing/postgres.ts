/**
 * A throwaway Postgres cluster for tests (postgres-cluster.mjs, shared with `npm run load`).
 * Where no Postgres binaries exist, `findPostgres()` says so and the tests that need it are not
 * registered, with a printed reason; `TOOLSCOPE_REQUIRE_POSTGRES=1` (CI) makes that a failure
 * instead (requirePostgresTest in engines.ts).
 */
export {
  findPostgres,
  NO_POSTGRES_MESSAGE,
  startTestPostgres,
  type TestPostgres,
} from "./postgres-cluster.mjs";

/** Types of postgres-cluster.mjs: a throwaway Postgres cluster. */

export interface TestPostgres {
  /** A URL for database `name` on the cluster. */
  url(name: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(): Promise<string>;
  stop(): void;
}

/** The folder of initdb, pg_ctl and postgres, or null when there is none. */
export function findPostgres(): string | null;

/** Why the Postgres half of a suite is not run here, printed where it would have run. */
export const NO_POSTGRES_MESSAGE: string;

/** Starts a cluster from the binaries in `bin`; call `stop()` when done. */
export function startTestPostgres(bin: string): TestPostgres;

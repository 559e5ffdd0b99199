// The Postgres schema's versioned migrations, shared by the store's worker (worker.mjs) and
// `npm start` (scripts/start.mjs migrates before the server starts). Each runs once, in order, in
// one transaction, and `schema_version` records how far a database has come. Append new ones;
// never edit an applied one. Ids sort bytewise (`COLLATE "C"`), as SQLite sorts them, so pages
// break ties the same way.
export const MIGRATIONS = [
  `CREATE TABLE sessions (
     id TEXT COLLATE "C" PRIMARY KEY,
     title TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     parent_id TEXT,
     fork_seq INTEGER,
     provider TEXT NOT NULL,
     source TEXT NOT NULL DEFAULT 'run',
     run_state TEXT,
     client TEXT
   );
   CREATE INDEX sessions_by_created ON sessions (created_at DESC, id);
   CREATE TABLE events (
     session_id TEXT COLLATE "C" NOT NULL,
     seq INTEGER NOT NULL,
     at BIGINT NOT NULL,
     kind TEXT NOT NULL,
     body TEXT NOT NULL,
     PRIMARY KEY (session_id, seq)
   );
   CREATE INDEX events_by_kind ON events (session_id, kind, seq);`,
  // Which instance carries each live run, until when (lib/agent/leases.ts).
  `CREATE TABLE run_leases (
     session_id TEXT COLLATE "C" PRIMARY KEY,
     run_id TEXT NOT NULL,
     instance_id TEXT NOT NULL,
     expires_at BIGINT NOT NULL
   );`,
  // Requests one instance sends another and their answers (a control of a run the other carries;
  // lib/store/pg/messages.ts). A row lives until its addressee reads it.
  `CREATE TABLE instance_messages (
     id BIGSERIAL PRIMARY KEY,
     to_instance TEXT NOT NULL,
     from_instance TEXT NOT NULL,
     reply_to BIGINT,
     body TEXT NOT NULL,
     created_at BIGINT NOT NULL
   );`,
];

/** Any constant key: the lock that lets one instance migrate while the others wait. */
const MIGRATION_LOCK = 7_361_904_214;

/**
 * Brings the database of a connected `pg` client up to date; resolves to its version.
 * Instances starting together take turns.
 * @param {{ query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> }} client
 * @returns {Promise<number>}
 */
export async function migrate(client) {
  await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
  try {
    await client.query("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
    const { rows } = await client.query("SELECT COALESCE(MAX(version), 0) AS version FROM schema_version");
    for (let version = Number(rows[0].version); version < MIGRATIONS.length; version++) {
      await client.query("BEGIN");
      try {
        await client.query(MIGRATIONS[version]);
        await client.query("DELETE FROM schema_version");
        await client.query("INSERT INTO schema_version (version) VALUES ($1)", [version + 1]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
  }
  return MIGRATIONS.length;
}

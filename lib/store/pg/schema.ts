import "server-only";
import type { PostgresBridge } from "./bridge";

/**
 * The Postgres schema's versioned migrations: each runs once, in order, in one transaction, and
 * `schema_version` records how far a database has come. Append new ones; never edit an applied
 * one. Ids sort bytewise (`COLLATE "C"`), as SQLite sorts them, so pages break ties the same way.
 */
const MIGRATIONS: readonly string[] = [
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
];

/** Any constant key: the lock that lets one instance migrate while the others wait. */
const MIGRATION_LOCK = 7_361_904_214;

/** Brings the database up to date; returns its version. Instances starting together take turns. */
export function migratePostgres(bridge: PostgresBridge): number {
  bridge.batch([
    { text: "SELECT pg_advisory_lock($1)", values: [MIGRATION_LOCK] },
    { text: "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)" },
  ]);
  try {
    const current = Number(bridge.query("SELECT COALESCE(MAX(version), 0) FROM schema_version")[0]![0]);
    for (let version = current; version < MIGRATIONS.length; version++) {
      try {
        bridge.batch([
          { text: "BEGIN" },
          { text: MIGRATIONS[version]! },
          { text: "DELETE FROM schema_version" },
          { text: "INSERT INTO schema_version (version) VALUES ($1)", values: [version + 1] },
          { text: "COMMIT" },
        ]);
      } catch (error) {
        bridge.query("ROLLBACK");
        throw error;
      }
    }
  } finally {
    bridge.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
  }
  return MIGRATIONS.length;
}

/** How many migrations there are: the version an up-to-date database has. */
export const POSTGRES_SCHEMA_VERSION = MIGRATIONS.length;

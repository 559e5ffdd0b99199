import "server-only";
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";

/**
 * Versioned migrations: each runs once, in order, inside a transaction; `PRAGMA user_version`
 * records how far a database file has come. Append new ones; never edit an applied one.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE sessions (
     id TEXT PRIMARY KEY,
     title TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     parent_id TEXT,
     fork_seq INTEGER,
     provider TEXT NOT NULL
   );
   CREATE TABLE events (
     session_id TEXT NOT NULL,
     seq INTEGER NOT NULL,
     at INTEGER NOT NULL,
     kind TEXT NOT NULL,
     body TEXT NOT NULL,
     PRIMARY KEY (session_id, seq)
   ) WITHOUT ROWID;
   CREATE INDEX events_by_kind ON events (session_id, kind, seq);`,
];

export type Db = Database.Database;

/** Opens (creating if needed) the database file in `dataDir` and brings it up to date. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, "toolscope.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  migrate(db);
  return db;
}

/** Applies every migration the file has not seen yet; returns the resulting version. */
export function migrate(db: Db): number {
  const current = db.pragma("user_version", { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return MIGRATIONS.length;
}

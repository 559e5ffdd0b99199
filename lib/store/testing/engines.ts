/**
 * The store suite's engines: each test file runs its cases once per engine (`describe.each`),
 * SQLite always and Postgres where its binaries exist (testing/postgres.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { EventBus } from "@/lib/store/bus";
import { openDatabase, type Db } from "@/lib/store/db";
import type { EventStore } from "@/lib/store/event-store";
import { PostgresEventStore } from "@/lib/store/pg/store";
import type { Redactor } from "@/lib/store/redact";
import { SqliteEventStore } from "@/lib/store/store";
import { findPostgres, NO_POSTGRES_MESSAGE, startTestPostgres, type TestPostgres } from "./postgres";

export interface StoreEngine {
  readonly name: "sqlite" | "postgres";
  /** An empty database for the next test; stores opened before it are closed. */
  fresh(): Promise<void>;
  /** A store on the current database (call again to reopen it, as a restart does). */
  open(bus: EventBus, redact: Redactor, now?: () => number): EventStore;
  /** Everything stored, as text: what a reader of the database (file or server) could see. */
  dump(): Promise<string>;
  /** Closes the stores opened and removes what `fresh` made. */
  dispose(): Promise<void>;
}

function sqliteEngine(): StoreEngine {
  let dir: string | null = null;
  const open: Db[] = [];
  const closeAll = () => {
    for (const db of open.splice(0)) db.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = null;
  };
  return {
    name: "sqlite",
    async fresh() {
      closeAll();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-store-"));
    },
    open(bus, redact, now) {
      const db = openDatabase(dir!);
      open.push(db);
      return new SqliteEventStore(db, bus, redact, now);
    },
    async dump() {
      // The WAL holds what is not yet checkpointed into the file.
      const file = path.join(dir!, "toolscope.sqlite");
      return [file, `${file}-wal`]
        .filter((name) => fs.existsSync(name))
        .map((name) => fs.readFileSync(name).toString("latin1"))
        .join("");
    },
    async dispose() {
      closeAll();
    },
  };
}

function postgresEngine(cluster: () => TestPostgres): StoreEngine {
  let url: string | null = null;
  const open: PostgresEventStore[] = [];
  const closeStores = () => {
    for (const store of open.splice(0)) store.close();
  };
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url! });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    name: "postgres",
    async fresh() {
      closeStores();
      if (!url) url = await cluster().createDatabase();
      else await admin((client) => client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public"));
    },
    open(bus, redact, now) {
      const store = new PostgresEventStore(url!, bus, redact, now);
      open.push(store);
      return store;
    },
    async dump() {
      return admin(async (client) => {
        const events = await client.query("SELECT body FROM events");
        const sessions = await client.query(
          "SELECT title, provider, COALESCE(client, '') AS client FROM sessions",
        );
        return JSON.stringify([events.rows, sessions.rows]);
      });
    },
    async dispose() {
      closeStores();
    },
  };
}

const postgresBin = findPostgres();
let cluster: TestPostgres | null = null;

/**
 * The engines this file runs its store cases on. With Postgres, the cluster starts before the
 * file's tests and stops after them. Without it, the reason is printed, and one test fails when
 * TOOLSCOPE_REQUIRE_POSTGRES=1.
 */
export function storeEngines(): StoreEngine[] {
  if (!postgresBin) {
    console.warn(NO_POSTGRES_MESSAGE);
    requirePostgresTest();
    return [sqliteEngine()];
  }
  beforeAll(() => {
    cluster = startTestPostgres(postgresBin);
  }, 120_000);
  afterAll(() => {
    cluster?.stop();
    cluster = null;
  });
  return [sqliteEngine(), postgresEngine(() => cluster!)];
}

/** The cluster of this file (after storeEngines' beforeAll), or null without Postgres. */
export function testCluster(): TestPostgres | null {
  return cluster;
}

/** Fails where Postgres is required (CI) but missing; passes elsewhere, having said why it is not run. */
export function requirePostgresTest(): void {
  it("runs the Postgres half (required when TOOLSCOPE_REQUIRE_POSTGRES=1)", () => {
    expect(process.env.TOOLSCOPE_REQUIRE_POSTGRES === "1" ? NO_POSTGRES_MESSAGE : "not required here").toBe(
      "not required here",
    );
  });
}

export { postgresBin };

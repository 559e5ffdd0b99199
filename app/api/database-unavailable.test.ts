/**
 * A Postgres database that keeps a call waiting never freezes the server: a lock another
 * connection holds ends the call at the connection's `lock_timeout` (the route answers 503 naming
 * the database), a server that does not answer at all ends it at the bridge's wait (the worker's
 * connection is replaced), and the next call works. Also: the worker is found from any directory.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Runtime } from "@/lib/agent/runtime";
import { newSession } from "@/lib/agent/testing/offline-runtime";
import { describeInstances } from "@/lib/agent/testing/postgres-instances";
import { EventBus } from "@/lib/store/bus";
import { describeDatabase, PostgresBridge } from "@/lib/store/pg/bridge";
import { PostgresEventStore } from "@/lib/store/pg/store";
import { WORKER_FILE } from "@/lib/store/pg/worker-path.mjs";
import { createRedactor } from "@/lib/store/redact";
import { setRuntime } from "@/lib/server/runtime";
import { PUT as setBreakpoints } from "./sessions/[id]/breakpoints/route";

const WORKER = path.join(process.cwd(), "lib", "store", "pg", "worker.mjs");

describe("finding the Postgres worker", () => {
  it("is the app's own worker.mjs, which scripts/server.mjs names in TOOLSCOPE_PG_WORKER", () => {
    expect(WORKER_FILE).toBe(WORKER);
    expect(fs.existsSync(WORKER_FILE)).toBe(true);
    const server = fs.readFileSync(path.join(process.cwd(), "scripts", "server.mjs"), "utf8");
    expect(server).toContain("process.env.TOOLSCOPE_PG_WORKER ||= WORKER_FILE;");
  });

  it("names the database without its password", () => {
    expect(describeDatabase("postgres://me:s3cret@db.lan:6543/toolscope")).toBe("db.lan:6543/toolscope");
    expect(describeDatabase("postgresql://postgres@localhost/db?host=/tmp/sock")).toBe("/tmp/sock:5432/db");
  });
});

let url: string;
let runtime: Runtime;
let holder: pg.Client;

describeInstances(
  "a Postgres database that keeps a call waiting",
  "db-unavailable",
  ({ cluster, open }) => {
    beforeAll(async () => {
      url = await cluster().createDatabase();
      runtime = open(url);
      setRuntime(runtime);
      holder = new pg.Client({ connectionString: url });
      await holder.connect();
    });

    it("answers 503 naming the database while another connection holds the session's lock, then works again", async () => {
      const id = newSession(runtime);
      const before = runtime.store.lastSeq(id);
      // The lock every append of the session takes, held by someone else (a stuck instance).
      await holder.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [id]);
      const put = () =>
        setBreakpoints(
          new Request("http://127.0.0.1:3000/api/x", {
            method: "PUT",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ beforeExecute: true }),
          }),
          { params: Promise.resolve({ id }) },
        );
      const refused = await put();
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      const body = (await refused.json()) as { error: string };
      expect(body.error).toContain(`The Postgres database at ${describeDatabase(url)}`);
      expect(body.error).toMatch(/lock/);
      expect(runtime.store.lastSeq(id)).toBe(before);

      await holder.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [id]);
      const answered = await put();
      expect(answered.status).toBe(200);
      expect(runtime.store.lastSeq(id)).toBe(before + 1);
    }, 60_000);

    it("gives up on a server that does not answer, replaces the connection, and answers the next call", async () => {
      const bridge = new PostgresBridge(url, {}, undefined, { waitMs: 5_000, statementMs: 60_000 });
      try {
        const [[pid]] = bridge.query("SELECT pg_backend_pid()") as [[number]];
        expect(() => bridge.query("SELECT pg_sleep(30)")).toThrow(
          /The Postgres database at .* did not answer within 5 s; its connection was reset/,
        );
        const [[next]] = bridge.query("SELECT pg_backend_pid()") as [[number]];
        expect(next).not.toBe(pid);
        // The stuck session was ended on the server, not left sleeping.
        await vi.waitFor(
          async () => {
            const { rows } = await holder.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid]);
            expect(rows).toEqual([]);
          },
          { timeout: 10_000, interval: 100 },
        );
      } finally {
        bridge.close();
      }
    }, 60_000);

    it("opens a store from another working directory", () => {
      const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-cwd-"));
      const cwd = process.cwd();
      process.chdir(elsewhere);
      try {
        // As scripts/server.mjs names it, from wherever it was started.
        const store = new PostgresEventStore(url, new EventBus(), createRedactor([]), Date.now, {
          timeouts: { waitMs: 5_000 },
          workerFile: WORKER_FILE,
        });
        expect(store.listSessions().length).toBeGreaterThan(0);
        store.close();
      } finally {
        process.chdir(cwd);
        fs.rmSync(elsewhere, { recursive: true, force: true });
      }
    }, 30_000);
  },
  {
    afterClose: async () => {
      setRuntime(undefined);
      await holder?.end();
    },
  },
);

/**
 * Several Toolscope instances on one real Postgres cluster, for the tests about instances: a
 * `describe` that starts a cluster and a temporary data dir before its cases and, after them,
 * ends every run still going, closes every store opened, stops the cluster and removes the dir.
 * Without Postgres binaries it is the suite's own "Postgres is missing" case (engines.ts), which
 * fails where `TOOLSCOPE_REQUIRE_POSTGRES=1`. Test-only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe } from "vitest";
import type { PostgresEventStore } from "@/lib/store/pg/store";
import { postgresBin, requirePostgresTest } from "@/lib/store/testing/engines";
import { NO_POSTGRES_MESSAGE, startTestPostgres, type TestPostgres } from "@/lib/store/testing/postgres";
import type { Runtime } from "../runtime";
import { createTestRuntime } from "./offline-runtime";

/** What the cases of a {@link describeInstances} block use. */
export interface Instances {
  /** The running cluster (after `beforeAll`). */
  cluster(): TestPostgres;
  /** The block's temporary folder (after `beforeAll`). */
  dataDir(): string;
  /** A test runtime on `databaseUrl` (each instance of a database is one call), closed after the block. */
  open(databaseUrl: string): Runtime;
  /** A runtime made elsewhere, closed after the block like the ones `open` makes. */
  track<T extends Runtime>(runtime: T): T;
  /** Closes the instance's store as a crash would: its runs are left as they are, never ended. */
  crash(runtime: Runtime): void;
}

export interface InstancesOptions {
  /** Runs after the runs are ended and before the stores close (an exporter's last flush). */
  beforeClose?: (runtime: Runtime) => Promise<void>;
  /** Runs once every store is closed, before the cluster stops (what the cases listened to). */
  afterClose?: () => Promise<void>;
}

/** `describe(name, …)` with a Postgres cluster and its instances; `prefix` names the temp folder. */
export function describeInstances(
  name: string,
  prefix: string,
  body: (instances: Instances) => void,
  { beforeClose, afterClose }: InstancesOptions = {},
): void {
  const bin = postgresBin;
  if (!bin) {
    console.warn(NO_POSTGRES_MESSAGE);
    describe(name, () => requirePostgresTest());
    return;
  }
  describe(name, () => {
    let cluster: TestPostgres | null = null;
    let dataDir: string | null = null;
    const runtimes: Runtime[] = [];
    const crashed = new Set<Runtime>();
    const track = <T extends Runtime>(runtime: T): T => {
      runtimes.push(runtime);
      return runtime;
    };
    beforeAll(() => {
      cluster = startTestPostgres(bin);
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `toolscope-${prefix}-`));
    }, 120_000);
    afterAll(async () => {
      for (const runtime of runtimes) {
        if (crashed.has(runtime)) continue;
        for (const run of runtime.runs.values()) run.controller.abort();
        await Promise.all([...runtime.runs.values()].map((run) => run.done));
        await beforeClose?.(runtime);
        (runtime.store as PostgresEventStore).close();
      }
      await afterClose?.();
      cluster?.stop();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });
    body({
      cluster: () => must(cluster, "cluster"),
      dataDir: () => must(dataDir, "dataDir"),
      open: (databaseUrl) => track(createTestRuntime({ dataDir: must(dataDir, "dataDir"), databaseUrl })),
      track,
      crash: (runtime) => {
        (runtime.store as PostgresEventStore).close();
        crashed.add(runtime);
      },
    });
  });
}

function must<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} is used before the block's beforeAll ran`);
  return value;
}

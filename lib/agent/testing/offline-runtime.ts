/**
 * A runtime on a temporary data dir and a self-advancing virtual clock, for tests that drive
 * whole runs end to end. Test-only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import type { KeyReader } from "@/lib/providers/provider-checks";
import type { Clock } from "@/lib/clock/types";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import type { ProviderConfig } from "@/lib/trace/config";
import { startMessageRun } from "../runs";
import { createRuntime, type Runtime } from "../runtime";
import { createSession } from "../sessions";

/** A runtime for tests, with helpers to create sessions and run messages to their end. */
export interface TestRuntime {
  runtime: Runtime;
  /** Creates a session with this provider (default tools and policy). */
  create(provider: ProviderConfig): string;
  /** Sends a message, waits for the run to end, and returns the session's whole log. */
  send(sessionId: string, text: string): Promise<TraceEvent[]>;
  close(): void;
}

/** The virtual clock's start (epoch ms). */
export const TEST_START = 1_700_000_000_000;

/** The launch token a test runtime treats as a secret. */
export const TEST_TOKEN = "test-token-0123456789";

/** What a test runtime is made of; all optional but the data dir. */
export interface TestRuntimeOptions {
  dataDir: string;
  /** Provider keys the runtime runs with (and redacts, with {@link TEST_TOKEN}); none by default. */
  keys?: Partial<Record<Parameters<KeyReader>[0], string>>;
  /** Default: a self-advancing virtual clock from {@link TEST_START}. */
  clock?: Clock;
  /** A Postgres database instead of SQLite in the data dir. */
  databaseUrl?: string;
}

/**
 * A runtime on `dataDir` as the server composes one (lib/server/runtime.ts), with the keys and
 * token given here instead of the environment's.
 */
export function createTestRuntime({ dataDir, keys = {}, clock, databaseUrl }: TestRuntimeOptions): Runtime {
  return createRuntime({
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    secrets: () => [...Object.values(keys), TEST_TOKEN],
    readKey: (provider) => keys[provider] ?? null,
    clock: clock ?? createVirtualClock(TEST_START, { autoAdvance: true }),
  });
}

/**
 * Opens a runtime on a fresh temporary data dir (on the virtual clock unless `clock` is given);
 * `close()` removes the dir.
 */
export function openTestRuntime(prefix = "toolscope-test-", clock?: Clock): TestRuntime {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const runtime = createTestRuntime({ dataDir, ...(clock ? { clock } : {}) });
  return {
    runtime,
    create: (provider) => newSession(runtime, { provider }),
    async send(sessionId, text) {
      const started = startMessageRun(runtime, sessionId, text);
      if (!started.ok) throw new Error(started.problem.error);
      await runtime.runs.get(sessionId)?.done;
      return runtime.store.events(sessionId);
    },
    close: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A new session's id (throws if the runtime refuses it). */
export function newSession(runtime: Runtime, body: Parameters<typeof createSession>[1] = {}): string {
  const created = createSession(runtime, body);
  if (!created.ok) throw new Error(created.problem.error);
  return created.value.id;
}

/** The events of one kind, typed. */
export function only<K extends TraceEvent["kind"]>(events: readonly TraceEvent[], kind: K): EventOf<K>[] {
  return events.filter((e): e is EventOf<K> => e.kind === kind);
}

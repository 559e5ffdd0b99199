/**
 * A runtime on a temporary data dir and a self-advancing virtual clock, for tests that drive
 * whole runs end to end. Test-only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { parseServerConfig } from "@/lib/server/config";
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

/** Opens a runtime on a fresh temporary data dir; `close()` removes the dir. */
export function openTestRuntime(prefix = "toolscope-test-"): TestRuntime {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const config = parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_TOKEN: "test-token-0123456789" });
  const runtime = createRuntime(config, createVirtualClock(TEST_START, { autoAdvance: true }));
  return {
    runtime,
    create(provider) {
      const created = createSession(runtime, { provider });
      if (!created.ok) throw new Error(created.problem.error);
      return created.value.id;
    },
    async send(sessionId, text) {
      const started = startMessageRun(runtime, sessionId, text);
      if (!started.ok) throw new Error(started.problem.error);
      await runtime.runs.get(sessionId)?.done;
      return runtime.store.events(sessionId);
    },
    close: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The events of one kind, typed. */
export function only<K extends TraceEvent["kind"]>(events: readonly TraceEvent[], kind: K): EventOf<K>[] {
  return events.filter((e): e is EventOf<K> => e.kind === kind);
}

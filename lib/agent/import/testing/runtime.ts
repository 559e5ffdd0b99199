/**
 * Test helpers for the import, export and transcript tests: a runtime on a fresh data dir with a
 * virtual clock, an offline run to get a real log, and HAR files built from the wire fixtures.
 * Test-only: never imported by application code.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startMessageRun } from "@/lib/agent/runs";
import type { Runtime } from "@/lib/agent/runtime";
import { createSession } from "@/lib/agent/sessions";
import { createTestRuntime, type TestRuntimeOptions } from "@/lib/agent/testing/offline-runtime";
import { readFixtureText } from "@/lib/protocol/testing/fixtures";
import type { TraceEvent } from "@/lib/trace/events";

export { TEST_TOKEN } from "@/lib/agent/testing/offline-runtime";

/** A runtime on a new temporary data dir, with `keys` if given; `dispose` removes the dir. */
export function openTestRuntime(options: Omit<TestRuntimeOptions, "dataDir"> = {}): {
  runtime: Runtime;
  dispose: () => void;
} {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-import-"));
  const runtime = createTestRuntime({ ...options, dataDir });
  return { runtime, dispose: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** Creates a session (default: offline, built-in tools), runs one message to its end, returns the id and log. */
export async function runOfflineSession(
  runtime: Runtime,
  text: string,
  body: Parameters<typeof createSession>[1] = {},
): Promise<{ id: string; events: TraceEvent[] }> {
  const created = createSession(runtime, body);
  if (!created.ok) throw new Error(created.problem.error);
  const started = startMessageRun(runtime, created.value.id, text);
  if (!started.ok) throw new Error(started.problem.error);
  await runtime.runs.get(created.value.id)?.done;
  return { id: created.value.id, events: runtime.store.events(created.value.id) };
}

/** One HAR call: a request fixture posted to `url`, answered by a response fixture (JSON or SSE). */
export interface HarCall {
  url: string;
  request: string;
  response: string;
  status?: number;
}

/** A HAR 1.2 file holding the given calls, the way browser devtools save one. */
export function buildHar(calls: readonly HarCall[]): Record<string, unknown> {
  return {
    log: {
      version: "1.2",
      creator: { name: "test", version: "1" },
      entries: calls.map((call) => {
        const sse = call.response.endsWith(".sse");
        return {
          startedDateTime: "2025-01-01T00:00:00.000Z",
          request: {
            method: "POST",
            url: call.url,
            headers: [
              { name: "x-api-key", value: "sk-ant-api03-planted-secret-0123456789" },
              { name: "content-type", value: "application/json" },
            ],
            postData: { mimeType: "application/json", text: readFixtureText(call.request) },
          },
          response: {
            status: call.status ?? 200,
            statusText: "OK",
            headers: [
              { name: "content-type", value: sse ? "text/event-stream" : "application/json" },
              { name: "set-cookie", value: "session=abc" },
              { name: "request-id", value: "req_1" },
            ],
            content: {
              mimeType: sse ? "text/event-stream" : "application/json",
              text: readFixtureText(call.response),
            },
          },
        };
      }),
    },
  };
}

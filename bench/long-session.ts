import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exportSession, type SessionExport } from "@/lib/agent/export";
import { startMessageRun } from "@/lib/agent/runs";
import { createServerRuntime } from "@/lib/server/runtime";
import { createSession } from "@/lib/agent/sessions";
import { createVirtualClock } from "@/lib/clock/virtual-clock";
import { parseServerConfig } from "@/lib/server/config";
import { growEvents } from "@/lib/trace/testing/grow-log";

/**
 * Messages the offline model answers with a built-in tool that needs no approval, so every run
 * goes to its end by itself: reads, listings, weather, arithmetic, canned web pages (some long),
 * and one plain text reply.
 */
const MESSAGES = [
  "What is in notes/todo.md?",
  "List the files in notes/",
  "What's the weather in Paris in fahrenheit?",
  'Calculate "(2+3)*4" with the calculator',
  "Fetch the page https://example.com/",
  "Weather in San Francisco",
  "Compute the arithmetic expression '2^3^2'",
  "Get https://example.com/docs",
  "hello there",
];

/**
 * A real session: one run per message above, by the offline model (Anthropic wire format,
 * realistic chunking) through the real loop, pipeline and store, on a virtual clock so nothing
 * waits. Returns its export, as `GET /api/sessions/:id/export` serves it.
 */
export async function recordRealSession(): Promise<SessionExport> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-bench-"));
  try {
    const runtime = createServerRuntime(
      parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_TOKEN: "bench-token-0123456789" }),
      createVirtualClock(Date.UTC(2026, 0, 1), { autoAdvance: true }),
    );
    const created = createSession(runtime, { title: "A long session (bench)" });
    if (!created.ok) throw new Error(created.problem.error);
    const id = created.value.id;
    for (const message of MESSAGES) {
      const started = startMessageRun(runtime, id, message);
      if (!started.ok) throw new Error(started.problem.error);
      await runtime.runs.get(id)?.done;
      if (runtime.runs.has(id)) throw new Error(`the run for "${message}" did not end by itself`);
    }
    const exported = exportSession(runtime, id);
    if (!exported.ok) throw new Error(exported.problem.error);
    return exported.value;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function growExport(real: SessionExport, size: number): SessionExport {
  const events = growEvents(real.events, size);
  return { ...real, session: { ...real.session, eventCount: events.length }, events };
}

export { growEvents };

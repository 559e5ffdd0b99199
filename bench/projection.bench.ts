import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { it } from "vitest";
import { startMessageRun } from "@/lib/agent/runs";
import { createRuntime } from "@/lib/agent/runtime";
import { createSession } from "@/lib/agent/sessions";
import { createVirtualClock } from "@/lib/providers/clock";
import { parseServerConfig } from "@/lib/server/config";
import { createCheckpointedFold } from "@/lib/trace/checkpoints";
import type { TraceEvent } from "@/lib/trace/events";
import { createRunGraphProjector } from "@/lib/trace/graph/projector";
import { EMPTY_TRANSCRIPT, projectTranscript, reduceTranscript } from "@/lib/trace/transcript";
import { recordResults, summarize } from "./results";

/**
 * Time to project any `seq` of a 10,000-event session — what the timeline does on every jump:
 * the transcript (checkpointed fold, as the page uses it, and a cold full fold for contrast) and
 * the run graph (its projector). Random jumps; median and p95. Goal: < 30 ms each.
 */
async function recordOneRun(): Promise<TraceEvent[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-bench-"));
  const runtime = createRuntime(
    parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_TOKEN: "bench-token-0123456789" }),
    createVirtualClock(0, { autoAdvance: true }),
  );
  const created = createSession(runtime, {});
  if (!created.ok) throw new Error(created.problem.error);
  startMessageRun(runtime, created.value.id, "What is in notes/todo.md?");
  await runtime.runs.get(created.value.id)?.done;
  const events = runtime.store.events(created.value.id);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return events;
}

/** Repeats one recorded run's turns (fresh turn numbers and call ids) until the log holds `size` events. */
function growLog(run: TraceEvent[], size: number): TraceEvent[] {
  const [created, ...rest] = run;
  const log: TraceEvent[] = [created!];
  for (let copy = 0; log.length < size; copy++) {
    const text = JSON.stringify(rest)
      .replaceAll(/"turn":(\d+)/g, (_m, turn: string) => `"turn":${Number(turn) + copy * 2}`)
      .replaceAll(/(toolu_offline_[0-9a-f]+)/g, `$1_${copy}`)
      .replaceAll(/(run_[A-Za-z0-9_-]+)/g, `$1_${copy}`);
    for (const event of JSON.parse(text) as TraceEvent[]) {
      if (log.length >= size) break;
      log.push({ ...event, seq: log.length });
    }
  }
  return log;
}

function measureJumps(size: number, project: (seq: number) => void) {
  let state = 7;
  const random = () => (state = (state * 48271) % 2147483647) / 2147483647;
  const samples: number[] = [];
  for (let jump = 0; jump < 200; jump++) {
    const seq = Math.floor(random() * size);
    const started = performance.now();
    project(seq);
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}

it("projection of any seq of a 10,000-event session", async () => {
  const events = growLog(await recordOneRun(), 10_000);
  const transcripts = createCheckpointedFold({
    reduce: reduceTranscript,
    initial: EMPTY_TRANSCRIPT,
    interval: 64,
  });
  transcripts.stateAt(events, events.length);
  const graphs = createRunGraphProjector();
  graphs.project(events);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const rows = [
    [
      "transcript, checkpointed (as the page)",
      measureJumps(events.length, (seq) => transcripts.stateAt(events, seq + 1)),
    ],
    ["transcript, cold full fold", measureJumps(events.length, (seq) => projectTranscript(events, seq))],
    ["run graph, projector (as the page)", measureJumps(events.length, (seq) => graphs.project(events, seq))],
  ] as const;
  recordResults(
    "projection",
    rows.map(([what, { median, p95 }]) => ({
      projection: what,
      events: events.length,
      "median ms": round(median),
      "p95 ms": round(p95),
      goal: "< 30",
    })),
  );
});

import { performance } from "node:perf_hooks";
import { it } from "vitest";
import { createRunGraphProjector } from "@/lib/trace/graph/projector";
import { createWindowProjector } from "@/lib/trace/graph/window-projector";
import { createTranscriptFold, projectTranscript } from "@/lib/trace/transcript";
import { growEvents, recordRealSession } from "./long-session";
import { recordSection, reportProgress, roundTo, summarize } from "./results";

/**
 * Time to project any `seq` of a 10,000-event session — what the timeline does on every jump:
 * the transcript (checkpointed fold, as the page uses it, and a cold full fold for contrast) and
 * the run graph (its projector). 200 random jumps; median and p95. Goal: < 30 ms each.
 */
const SIZE = 10_000;

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
  reportProgress("projection: recording a real session and growing it to 10,000 events");
  const events = growEvents((await recordRealSession()).events, SIZE);
  const transcripts = createTranscriptFold();
  const firstFold = performance.now();
  transcripts.stateAt(events, events.length);
  const firstFoldMs = performance.now() - firstFold;
  const graphs = createRunGraphProjector();
  graphs.project(events);
  // The page's graph: the window of runs ending at the cursor, each window folded from its start
  // the first time it is shown (a far jump lands in a window not seen yet).
  const windows = createWindowProjector();
  windows.project(events);
  const rows = [
    [
      "transcript, checkpointed fold (as the page)",
      measureJumps(events.length, (seq) => transcripts.stateAt(events, seq + 1)),
      true,
    ],
    [
      "transcript, cold full fold",
      measureJumps(events.length, (seq) => projectTranscript(events, seq)),
      true,
    ],
    [
      "run graph, whole-log projector",
      measureJumps(events.length, (seq) => graphs.project(events, seq)),
      true,
    ],
    [
      "run graph, window projector (as the page; a far jump folds a new window)",
      measureJumps(events.length, (seq) => windows.project(events, seq)),
      true,
    ],
  ] as const;
  recordSection(
    "projection",
    rows.map(([what, cost, goal]) => ({
      what: `projection: ${what}, ${events.length.toLocaleString("en")} events`,
      result: `median ${cost.median.toFixed(2)} ms · p95 ${cost.p95.toFixed(2)} ms`,
      goal: goal ? "< 30 ms" : "—",
      met: goal ? cost.p95 < 30 : null,
      figures: { events: events.length, medianMs: roundTo(cost.median, 3), p95Ms: roundTo(cost.p95, 3) },
    })),
    {
      notes: [
        "The session: 9 real offline-model runs (reads, listings, weather, arithmetic, long canned pages, a text reply) through the real loop, pipeline and store, repeated with later turns and fresh ids to 10,000 events (whole runs).",
        "200 random jumps (fixed seed). Goal judged on p95. The checkpointed fold's checkpoints are built first (as the page does on load).",
        `Building the transcript checkpoints for the whole log once took ${firstFoldMs.toFixed(1)} ms.`,
      ],
    },
  );
});

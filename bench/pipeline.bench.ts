import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { it } from "vitest";
import { createServerRuntime } from "@/lib/server/runtime";
import { createSession } from "@/lib/agent/sessions";
import { systemClock } from "@/lib/clock/system-clock";
import { createPipelineContext } from "@/lib/pipeline/context";
import { BUILTIN_HOOKS } from "@/lib/pipeline/policy";
import { runBatch } from "@/lib/pipeline/run-batch";
import { toolCall } from "@/lib/pipeline/testing/pipeline-harness";
import type { PipelineContext } from "@/lib/pipeline/types";
import { validateForModel } from "@/lib/pipeline/validator";
import { freezeDeep } from "@/lib/protocol/json-value";

import { parseServerConfig } from "@/lib/server/config";
import { expandBuiltin, seedWorkspace } from "@/lib/tools/registry";
import type { ToolDefinition } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { profileCpu, summarizeProfile } from "./cpu-profile";
import { isProfiling, recordSection, reportProgress, roundTo, summarize } from "./results";

/**
 * The pipeline's overhead per call — every stage but the tool — on a 100-call batch with warm
 * validators: an `echo` mock does next to no work, so the time is the harness's own. Events go
 * to an array; a context row sends them through the real EventStore (redaction, freezing,
 * SQLite, the bus) as a run does. Goals: < 100 µs per call to an array, < 250 µs through the store.
 */
const echo: ToolDefinition = {
  name: "echo_tool",
  description: "Echo.",
  input_schema: {
    type: "object",
    properties: { path: { type: "string" }, count: { type: "integer" } },
    required: ["path"],
    additionalProperties: false,
  },
  meta: { readOnly: true, concurrencySafe: true, idempotent: true },
  mock: { kind: "echo" },
};

type Emit = (event: NewEvent) => TraceEvent;

type Atomically = <T>(work: () => T) => T;

interface StoreHooks {
  emit: Emit;
  atomically: Atomically;
  atomicallySoon: Atomically;
}

function createContext(tools: ToolDefinition[], log: TraceEvent[], store?: StoreHooks): PipelineContext {
  return createPipelineContext({
    tools,
    hooks: BUILTIN_HOOKS,
    validate: validateForModel,
    clock: systemClock,
    log,
    workspace: { files: seedWorkspace(), ledger: [] },
    // The envelope goes first and the event is assigned onto it: `{ ...event, seq, at, sessionId }`
    // takes V8 11.3 (Node 20) down a slow path for keys added after a spread, which would
    // dominate these figures (the real store's cost is the EventStore row).
    ...(store ? { atomically: store.atomically, atomicallySoon: store.atomicallySoon } : {}),
    append:
      store?.emit ??
      ((event: NewEvent) =>
        Object.assign({ seq: log.length, at: 0, sessionId: "bench" }, event) as TraceEvent),
    awaitDecision: async () => ({ decision: "approve" }),
  });
}

/** Median and p95 µs per call over `rounds` batches of 100 calls (the first 5 rounds warm up). */
async function measure(
  unfrozen: ToolDefinition,
  options: { rounds?: number; store?: () => StoreHooks } = {},
) {
  // Tools come from the log, whose events are deeply frozen.
  const tool = freezeDeep(structuredClone(unfrozen));
  const args =
    tool.name === "read_file"
      ? () => ({ path: "notes/todo.md" })
      : (i: number) => ({ path: `notes/${i}.md`, count: i });
  const calls = Array.from({ length: 100 }, (_, i) => toolCall(`c${i}`, tool.name, args(i)));
  const samples: number[] = [];
  for (let round = 0; round < (options.rounds ?? 25); round++) {
    const log: TraceEvent[] = [];
    const started = performance.now();
    await runBatch({ calls, context: createContext([tool], log, options.store?.()) });
    // A store writes a batch's last events on the event loop's next turn (transactionSoon): that
    // turn is part of the batch's cost, as it is in a run (whose next step is I/O anyway).
    await new Promise((resolve) => setImmediate(resolve));
    if (round >= 5) samples.push(((performance.now() - started) * 1000) / calls.length);
  }
  return summarize(samples);
}

/** An `emit` that appends to a real EventStore on a temporary data dir, and its transactions, as a run does. */
function openStoreEmit() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-bench-"));
  const runtime = createServerRuntime(
    parseServerConfig({ TOOLSCOPE_DATA_DIR: dataDir, TOOLSCOPE_TOKEN: "bench-token-0123456789" }),
  );
  const created = createSession(runtime, {});
  if (!created.ok) throw new Error(created.problem.error);
  const id = created.value.id;
  return {
    // As a run wires them (lib/agent/runs.ts).
    store: (): StoreHooks => ({
      emit: (event: NewEvent) => runtime.store.append(id, event),
      atomically: (work) => runtime.store.transaction(work),
      atomicallySoon: (work) =>
        runtime.store.transactionSoon ? runtime.store.transactionSoon(work) : runtime.store.transaction(work),
    }),
    close: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

it("pipeline overhead per call", async () => {
  reportProgress("pipeline: 3 × 25 batches of 100 calls");
  const echoCost = await measure(echo);
  const readCost = await measure(expandBuiltin("read_file")!);
  const store = openStoreEmit();
  const storeCost = await measure(echo, { store: store.store });
  const row = (what: string, cost: ReturnType<typeof summarize>, goalUs: number | null) => ({
    what,
    result: `${Math.round(cost.median)} µs/call (p95 ${Math.round(cost.p95)})`,
    goal: goalUs === null ? "—" : `< ${goalUs} µs/call`,
    met: goalUs === null ? null : cost.median < goalUs,
    figures: { medianMicroseconds: roundTo(cost.median, 1), p95Microseconds: roundTo(cost.p95, 1) },
  });
  let profile: unknown;
  if (isProfiling()) {
    const { profile: raw } = await profileCpu("pipeline", () => measure(echo, { rounds: 200 }));
    const { profile: rawStore } = await profileCpu("pipeline-store", () =>
      measure(echo, { rounds: 100, store: store.store }),
    );
    profile = {
      array: summarizeProfile(raw, { top: 25 }),
      store: summarizeProfile(rawStore, { top: 25 }),
    };
  }
  store.close();
  recordSection(
    "pipeline",
    [
      row("100 × echo mock: all stages, no tool work (events to an array)", echoCost, 100),
      row("100 × read_file (a tiny built-in)", readCost, null),
      row("100 × echo mock, events through the real EventStore (SQLite)", storeCost, 250),
    ],
    {
      notes: [
        "One batch of 100 calls per round, 20 rounds after 5 warm-up rounds; median and p95 of the per-call time.",
        "Validators are warm (the schema is compiled in the warm-up). Tools are deeply frozen, as they come from the log.",
      ],
      profile,
    },
  );
});

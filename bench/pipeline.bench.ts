import { performance } from "node:perf_hooks";
import { it } from "vitest";
import { BUILTIN_HOOKS } from "@/lib/pipeline/policy";
import { runBatch } from "@/lib/pipeline/run-batch";
import { toolCall } from "@/lib/pipeline/testing/pipeline-harness";
import type { PipelineContext } from "@/lib/pipeline/types";
import { validateForModel } from "@/lib/pipeline/validator";
import { systemClock } from "@/lib/providers/clock";
import { expandBuiltin, seedWorkspace } from "@/lib/tools/registry";
import type { ToolDefinition } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { recordResults, summarize } from "./results";

/**
 * The pipeline's overhead per call — every stage but the tool — on a 100-call batch with warm
 * validators: an `echo` mock does next to no work, so the time is the harness's own. Events go
 * to an array (the store's cost is measured with the relay). Goal: < 100 µs per call.
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

function createContext(tools: ToolDefinition[], log: TraceEvent[]): PipelineContext {
  const workspace = { files: seedWorkspace(), ledger: [] };
  return {
    turn: 1,
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    policy: process.env.BENCH_HOOKS ? { hooks: ["stale-file-check", "idempotency-guard"] } : {},
    hooks: BUILTIN_HOOKS,
    workspace: () => workspace,
    log: () => log,
    emit: (event: NewEvent) => {
      const full = { ...event, seq: log.length, at: 0, sessionId: "bench" } as TraceEvent;
      log.push(full);
      return full;
    },
    clock: systemClock,
    signal: new AbortController().signal,
    validate: validateForModel,
    checkpoint: async () => {},
    awaitDecision: async () => ({ decision: "approve" }),
    awaitManualResult: async () => ({ content: "", isError: false }),
  };
}

async function measure(unfrozen: ToolDefinition, args: (i: number) => unknown) {
  // Tools come from the log, whose events are deeply frozen.
  const tool = deepFreeze(structuredClone(unfrozen));
  const calls = Array.from({ length: 100 }, (_, i) => toolCall(`c${i}`, tool.name, args(i)));
  const samples: number[] = [];
  for (let round = 0; round < 25; round++) {
    const log: TraceEvent[] = [];
    const started = performance.now();
    await runBatch({ calls, context: createContext([tool], log) });
    if (round >= 5) samples.push(((performance.now() - started) * 1000) / calls.length);
  }
  return summarize(samples);
}

it("pipeline overhead per call", async () => {
  const echoCost = await measure(echo, (i) => ({ path: `notes/${i}.md`, count: i }));
  const readCost = await measure(expandBuiltin("read_file")!, () => ({ path: "notes/todo.md" }));
  recordResults("pipeline", [
    {
      batch: "100 × echo mock (all stages, no tool work)",
      "median µs/call": round(echoCost.median),
      "p95 µs/call": round(echoCost.p95),
      goal: "< 100",
    },
    {
      batch: "100 × read_file (tiny built-in)",
      "median µs/call": round(readCost.median),
      "p95 µs/call": round(readCost.p95),
      goal: "—",
    },
  ]);
});

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
}

const round = (value: number) => Math.round(value * 10) / 10;

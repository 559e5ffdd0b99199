import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { it } from "vitest";
import { createMcpCaller } from "@/lib/agent/mcp-servers";
import { createSessionWithMcp } from "@/lib/agent/mcp-sessions";
import { createRuntime } from "@/lib/agent/runtime";
import { systemClock } from "@/lib/clock/system-clock";
import { connectServer } from "@/lib/mcp/connect";
import { everythingStdio } from "@/lib/mcp/testing/servers";
import { createPipelineContext } from "@/lib/pipeline/context";
import { runBatch } from "@/lib/pipeline/run-batch";
import { toolCall } from "@/lib/pipeline/testing/pipeline-harness";
import { validateForModel } from "@/lib/pipeline/validator";
import { projectSessionConfig } from "@/lib/trace/session-config";
import { profileCpu, summarizeProfile } from "./cpu-profile";
import { isProfiling, recordSection, reportProgress, roundTo, summarize } from "./results";

/**
 * The overhead per MCP call: a call of server-everything's `echo` (stdio) through all nine
 * stages — lookup, validate against its inputSchema, preflight, approval, `tools/call` with the
 * wire recorded as `mcp.message` events in the real EventStore (SQLite), normalize — minus the
 * same `tools/call` sent straight through the SDK's Client on a connection of its own (the
 * server's work and the pipe both ways). What remains is Toolscope's. Goal: < 1 ms per call.
 */
const ROUNDS = 200;
const WARMUP = 20;

it("mcp: overhead per call, all stages except the server's own work", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-bench-mcp-"));
  const runtime = createRuntime({ dataDir, secrets: () => [], readKey: () => null, clock: systemClock });
  try {
    reportProgress("starting server-everything twice (stdio)");
    const created = await createSessionWithMcp(runtime, {
      tools: [],
      mcpServers: { every: everythingStdio() },
    });
    if (!created.ok) throw new Error(created.problem.error);
    const sessionId = created.value.id;
    const config = projectSessionConfig(runtime.store.events(sessionId))!;
    const direct = await connectServer(everythingStdio());

    const raw: number[] = [];
    for (let i = 0; i < ROUNDS + WARMUP; i++) {
      const started = performance.now();
      await direct.callTool(
        "echo",
        { message: `hello ${i}` },
        { signal: new AbortController().signal, progressToken: `raw${i}` },
      );
      if (i >= WARMUP) raw.push((performance.now() - started) * 1000);
    }
    reportProgress("direct tools/call measured; now through the pipeline");
    const caller = createMcpCaller(runtime, sessionId, config.mcpServers!, true);
    const piped: number[] = [];
    const callThroughPipeline = (i: number) =>
      runBatch({
        calls: [toolCall(`c${i}`, "mcp__every__echo", { message: `hello ${i}` })],
        context: createPipelineContext({
          tools: config.tools,
          hooks: runtime.hooks,
          validate: validateForModel,
          clock: systemClock,
          append: (event) => runtime.store.append(sessionId, event),
          // As a run wires them (lib/agent/runs.ts).
          atomically: (work) => runtime.store.transaction(work),
          atomicallySoon: (work) =>
            runtime.store.transactionSoon
              ? runtime.store.transactionSoon(work)
              : runtime.store.transaction(work),
          mcp: caller,
        }),
      });
    for (let i = 0; i < ROUNDS + WARMUP; i++) {
      const started = performance.now();
      await callThroughPipeline(i);
      if (i >= WARMUP) piped.push((performance.now() - started) * 1000);
    }
    let profile: unknown;
    if (isProfiling()) {
      const { profile: raw } = await profileCpu("mcp", async () => {
        for (let i = 0; i < ROUNDS; i++) await callThroughPipeline(ROUNDS + WARMUP + i);
      });
      profile = summarizeProfile(raw, { top: 25 });
    }
    await direct.close();
    const rawCost = summarize(raw);
    const pipedCost = summarize(piped);
    const overhead = pipedCost.median - rawCost.median;
    const us = (value: number) => `${roundTo(value, 0)} µs`;
    recordSection(
      "mcp",
      [
        {
          what: "tools/call echo straight through the SDK Client (server + stdio pipe)",
          result: `median ${us(rawCost.median)}, p95 ${us(rawCost.p95)}`,
          goal: "—",
          met: null,
          figures: { medianUs: rawCost.median, p95Us: rawCost.p95 },
        },
        {
          what: "the same call through all nine stages, wire recorded in SQLite",
          result: `median ${us(pipedCost.median)}, p95 ${us(pipedCost.p95)}`,
          goal: "—",
          met: null,
          figures: { medianUs: pipedCost.median, p95Us: pipedCost.p95 },
        },
        {
          what: "overhead per MCP call (difference of medians)",
          result: us(overhead),
          goal: "< 1000 µs",
          met: overhead < 1000,
          figures: { overheadUs: overhead },
        },
      ],
      {
        notes: [
          `${ROUNDS} sequential calls each after ${WARMUP} warm-up calls; one session, one server per path.`,
          "Each pipeline call appends its stage, mcp.message and result events through the real EventStore, in its transactions as a run does.",
        ],
        profile,
      },
    );
  } finally {
    await runtime.mcp.stopAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

import { describe, expect, it } from "vitest";
import { runPipeline, toolCall } from "@/lib/pipeline/testing/pipeline-harness";
import type { NewEvent } from "@/lib/trace/events";
import { projectRunGraph } from "./reduce-run-graph";
import { buildLog, turnCompleted } from "@/lib/trace/testing/build-log";
import { readStatuses, requested, stage } from "./testing/graph-log";
import type { RunGraph } from "./types";

const CALLS = [
  toolCall("unknown", "nope", {}),
  toolCall("blocked", "read_file", { path: "../etc/passwd" }),
  toolCall("fine", "read_file", { path: "notes/todo.md" }),
];

/** The turn that made the calls, as history before the batch (the harness emits only the batch). */
const HISTORY: NewEvent[] = [
  { kind: "user.message", turn: 1, text: "read them" },
  requested(1),
  turnCompleted(1, CALLS),
];

const callStatuses = (graph: RunGraph, callId: string) =>
  Object.fromEntries(
    graph.nodes
      .filter((node) => node.callId === callId && node.kind !== "block")
      .map((node) => [node.stage ?? node.kind, node.status]),
  );

describe("the graph of a real pipeline log", () => {
  it("independent: unknown tool, blocked path and an ok call, each with its exact stage statuses", async () => {
    const { log } = await runPipeline(CALLS, { policy: { batch: "independent" }, history: HISTORY });
    const graph = projectRunGraph(log);
    expect(callStatuses(graph, "unknown")).toEqual({
      lookup: "error",
      prepare: "skipped",
      validate: "skipped",
      preflight: "skipped",
      approval: "skipped",
      execute: "skipped",
      progress: "skipped",
      post: "skipped",
      normalize: "ok",
      "error-result": "error",
    });
    expect(callStatuses(graph, "blocked")).toEqual({
      lookup: "ok",
      prepare: "ok",
      validate: "ok",
      preflight: "blocked",
      approval: "skipped",
      execute: "skipped",
      progress: "skipped",
      post: "skipped",
      normalize: "ok",
      "error-result": "error",
    });
    expect(callStatuses(graph, "fine")).toEqual({
      lookup: "ok",
      prepare: "ok",
      validate: "ok",
      preflight: "ok",
      approval: "skipped",
      execute: "ok",
      progress: "skipped",
      post: "ok",
      normalize: "ok",
      "error-result": "skipped",
    });
    const byId = new Map(graph.nodes.map((node) => [node.id, node]));
    expect(byId.get("t1:call:blocked:error-result")?.errorKind).toBe("blocked_by_policy");
    expect(byId.get("t1:results")).toMatchObject({ status: "ok", detail: "3/3" });
    expect(byId.get("t1:call:fine:execute")?.ms).toBe(0);
  });

  it("all-or-nothing: the ok call is aborted before approval and takes the error branch", async () => {
    const { log } = await runPipeline(CALLS, { history: HISTORY });
    const graph = projectRunGraph(log);
    expect(callStatuses(graph, "fine")).toEqual({
      lookup: "ok",
      prepare: "ok",
      validate: "ok",
      preflight: "ok",
      approval: "skipped",
      execute: "skipped",
      progress: "skipped",
      post: "skipped",
      normalize: "ok",
      "error-result": "error",
    });
    expect(graph.nodes.find((node) => node.id === "t1:call:fine:error-result")?.errorKind).toBe(
      "batch_aborted",
    );
  });

  it("a prefix shows the ok call's execute running where the full log shows it ok", async () => {
    const { log } = await runPipeline(CALLS, { policy: { batch: "independent" }, history: HISTORY });
    const start = log.find(
      (event) => event.kind === "tool.stage" && event.callId === "fine" && event.stage === "execute",
    )!;
    const id = "t1:call:fine:execute";
    expect(projectRunGraph(log, start.seq).nodes.find((node) => node.id === id)?.status).toBe("running");
    expect(projectRunGraph(log).nodes.find((node) => node.id === id)?.status).toBe("ok");
    const prefixIds = projectRunGraph(log, start.seq).nodes.map((node) => node.id);
    expect(projectRunGraph(log).nodes.map((node) => node.id)).toEqual(prefixIds);
  });
});

describe("a run that ends with a call open", () => {
  const log = buildLog([
    { kind: "run.started", runId: "r1", trigger: "message" }, // 0
    { kind: "user.message", turn: 1, text: "ask me" }, // 1
    requested(1), // 2
    turnCompleted(1, [toolCall("m1", "ask_me")]), // 3
    ...stage("m1", "lookup", "ok"), // 4-5
    ...stage("m1", "execute", "running"), // 6
    { kind: "run.paused", runId: "r1", reason: "manual-result", callId: "m1" }, // 7
    {
      kind: "run.interrupted",
      runId: "r1",
      reason: "interrupted by the user",
      syntheticResults: [
        {
          type: "toolResult",
          toolCallId: "m1",
          content: "interrupted",
          isError: true,
          errorKind: "interrupted",
        },
      ],
    }, // 8
  ] satisfies NewEvent[]);

  it("shows execute waiting (and paused) for a manual result", () => {
    const graph = projectRunGraph(log, 7);
    expect(graph.nodes.find((node) => node.id === "t1:call:m1:execute")).toMatchObject({
      status: "waiting",
      paused: true,
      seqs: [6, 7],
    });
  });

  it("stops the waiting stage, answers the call with an error result and ends the run as blocked", () => {
    const statuses = readStatuses(projectRunGraph(log));
    expect(statuses["t1:call:m1:execute"]).toBe("error");
    expect(statuses["t1:call:m1:error-result"]).toBe("error");
    expect(statuses["t1:call:m1:normalize"]).toBe("skipped");
    expect(statuses["t1:results"]).toBe("ok");
    expect(statuses["t1:stream"]).toBe("ok");
    expect(statuses["run:r1:end"]).toBe("blocked");
    const execute = projectRunGraph(log).nodes.find((node) => node.id === "t1:call:m1:execute");
    expect(execute).toMatchObject({ detail: "interrupted: interrupted by the user", seqs: [6, 7, 8] });
    expect(execute?.paused).toBeUndefined();
  });
});

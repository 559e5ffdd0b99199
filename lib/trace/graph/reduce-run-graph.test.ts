import { describe, expect, it } from "vitest";
import { sessionCreated } from "@/lib/trace/testing/build-log";
import type { NewEvent } from "@/lib/trace/events";
import { createRunGraphProjector } from "./projector";
import { projectRunGraph } from "./reduce-run-graph";
import {
  buildLog,
  completed,
  findNodeOf,
  readStatuses,
  requested,
  stage,
  wireEvents,
} from "./testing/graph-log";

const c1Stages = (status: Record<string, string>) =>
  Object.fromEntries(Object.entries(status).filter(([id]) => id.startsWith("t1:call:c1:")));

/** One run, two turns: c1 (read_file) needs approval and runs; c2 (nope) is an unknown tool. */
const LOG = buildLog([
  sessionCreated(), // 0
  { kind: "run.started", runId: "r1", trigger: "message" }, // 1
  { kind: "user.message", turn: 1, text: "Read notes/todo.md" }, // 2
  requested(1), // 3
  { kind: "wire.response", turn: 1, attempt: 1, status: 200, headers: {} }, // 4
  ...wireEvents(1, 3), // 5-7
  completed(1, "Let me look.", [
    { id: "c1", name: "read_file" },
    { id: "c2", name: "nope" },
  ]), // 8
  {
    kind: "batch.planned",
    turn: 1,
    callIds: ["c1", "c2"],
    policy: "independent",
    schedule: [["c1"], ["c2"]],
  }, // 9
  ...stage("c1", "lookup", "ok"), // 10-11
  ...stage("c1", "prepare", "ok"), // 12-13
  ...stage("c1", "validate", "ok"), // 14-15
  ...stage("c1", "preflight", "ok"), // 16-17
  ...stage("c1", "approval", "running"), // 18
  { kind: "tool.stage", callId: "c1", stage: "approval", status: "waiting", output: "needs approval" }, // 19
  { kind: "run.paused", runId: "r1", reason: "approval", callId: "c1" }, // 20
  { kind: "tool.decision", callId: "c1", decision: "approve" }, // 21
  { kind: "run.resumed", runId: "r1", reason: "approval", callId: "c1" }, // 22
  { kind: "tool.stage", callId: "c1", stage: "approval", status: "ok", output: "approved", ms: 5 }, // 23
  ...stage("c1", "execute", "ok", "ok: # Todo"), // 24-25
  { kind: "tool.stage", callId: "c1", stage: "progress", status: "skipped", output: "no progress", ms: 0 }, // 26
  ...stage("c1", "post", "ok"), // 27-28
  ...stage("c1", "normalize", "ok"), // 29-30
  { kind: "tool.result", callId: "c1", turn: 1, name: "read_file", content: "# Todo", isError: false }, // 31
  ...stage("c2", "lookup", "error", "unknown tool"), // 32-33
  ...stage("c2", "normalize", "ok"), // 34-35
  {
    kind: "tool.result",
    callId: "c2",
    turn: 1,
    name: "nope",
    content: "Unknown tool `nope`.",
    isError: true,
    errorKind: "unknown_tool",
  }, // 36
  requested(2, { tools: 120, system: 30, messages: 60 }), // 37
  { kind: "wire.response", turn: 2, attempt: 1, status: 200, headers: {} }, // 38
  ...wireEvents(2, 2), // 39-40
  completed(2, "Done.", []), // 41
  { kind: "run.finished", runId: "r1", reason: "end_turn", syntheticResults: [] }, // 42
] satisfies NewEvent[]);

const PIPELINE = [
  "lookup",
  "prepare",
  "validate",
  "preflight",
  "approval",
  "execute",
  "progress",
  "post",
  "normalize",
];

describe("projectRunGraph on a hand-built run", () => {
  it("gives every node of the whole log its status from the events", () => {
    expect(readStatuses(projectRunGraph(LOG))).toEqual({
      "t1:user": "ok",
      "t1:request:tools": "ok",
      "t1:request:system": "ok",
      "t1:request:messages": "ok",
      "t1:stream": "ok",
      "t1:block:0": "ok",
      "t1:block:1": "ok",
      ...Object.fromEntries(PIPELINE.map((s) => [`t1:call:c1:${s}`, s === "progress" ? "skipped" : "ok"])),
      "t1:call:c1:error-result": "skipped",
      "t1:block:2": "ok",
      ...Object.fromEntries(
        PIPELINE.map((s) => [
          `t1:call:c2:${s}`,
          s === "lookup" ? "error" : s === "normalize" ? "ok" : "skipped",
        ]),
      ),
      "t1:call:c2:error-result": "error",
      "t1:results": "ok",
      "t2:request:tools": "ok",
      "t2:request:system": "ok",
      "t2:request:messages": "ok",
      "t2:stream": "ok",
      "t2:block:0": "ok",
      "run:r1:end": "ok",
    });
  });

  it("orders nodes turn by turn and links the turns through the results", () => {
    const graph = projectRunGraph(LOG);
    expect(graph.nodes.slice(0, 7).map((node) => node.id)).toEqual([
      "t1:user",
      "t1:request:tools",
      "t1:request:system",
      "t1:request:messages",
      "t1:stream",
      "t1:block:0",
      "t1:block:1",
    ]);
    const edges = graph.edges.map(
      (edge) => `${edge.source}->${edge.target}${edge.kind === "branch" ? " (branch)" : ""}`,
    );
    expect(
      edges.filter(
        (edge) => edge.includes(":c2:") || edge.includes("t1:results") || edge.startsWith("t2:block"),
      ),
    ).toEqual([
      "t1:block:2->t1:call:c2:lookup",
      ...PIPELINE.slice(1).map((s, i) => `t1:call:c2:${PIPELINE[i]}->t1:call:c2:${s}`),
      ...["lookup", "prepare", "validate", "preflight", "approval"].map(
        (s) => `t1:call:c2:${s}->t1:call:c2:error-result (branch)`,
      ),
      "t1:call:c2:error-result->t1:call:c2:normalize",
      "t1:call:c1:normalize->t1:results",
      "t1:call:c2:normalize->t1:results",
      "t1:results->t2:request:tools",
      "t2:block:0->run:r1:end",
    ]);
  });

  it("says what each node stands for: tokens, wire events, stop reason, error kind, seqs", () => {
    const byId = new Map(projectRunGraph(LOG).nodes.map((node) => [node.id, node]));
    expect(byId.get("t1:request:tools")).toMatchObject({
      tokens: 120,
      seqs: [3],
      detail: "120 tokens (o200k)",
    });
    expect(byId.get("t2:request:messages")).toMatchObject({ tokens: 60, seqs: [37] });
    expect(byId.get("t1:stream")).toMatchObject({
      wireEvents: 3,
      stopReason: "tool_use",
      seqs: [4, 8],
      detail: "3 wire events · stop tool_use",
    });
    expect(byId.get("t1:block:1")).toMatchObject({
      blockType: "tool_use",
      label: "read_file",
      callId: "c1",
      seqs: [8, 9],
    });
    expect(byId.get("t1:block:0")).toMatchObject({ blockType: "text", label: "Let me look." });
    expect(byId.get("t1:call:c1:approval")).toMatchObject({
      stage: "approval",
      callId: "c1",
      output: "approved",
      ms: 5,
      seqs: [18, 19, 20, 21, 22, 23],
    });
    expect(byId.get("t1:call:c1:approval")?.paused).toBeUndefined();
    expect(byId.get("t1:call:c2:error-result")).toMatchObject({
      errorKind: "unknown_tool",
      seqs: [36],
      detail: "unknown_tool: Unknown tool `nope`.",
    });
    expect(byId.get("t1:call:c2:lookup")).toMatchObject({
      output: "unknown tool",
      ms: 2,
      detail: "unknown tool · 2 ms",
    });
    expect(byId.get("t1:results")).toMatchObject({ detail: "2/2", seqs: [31, 36] });
    expect(byId.get("run:r1:end")).toMatchObject({ label: "run.finished", detail: "end_turn", seqs: [42] });
  });
});

describe("projectRunGraph on a cut stream", () => {
  const cutLog = buildLog([
    sessionCreated(),
    { kind: "run.started", runId: "r1", trigger: "message" },
    { kind: "user.message", turn: 1, text: "Read notes/todo.md" },
    requested(1),
    { kind: "wire.response", turn: 1, attempt: 1, status: 200, headers: {} },
    ...wireEvents(1, 2),
    {
      ...(completed(1, null, [{ id: "c1", name: "read_file" }]) as Extract<
        NewEvent,
        { kind: "turn.completed" }
      >),
      stopReason: { unified: "other", raw: null },
      cut: true,
    },
  ] satisfies NewEvent[]);

  it("marks the turn's stream node cut; a whole stream has no mark", () => {
    const stream = projectRunGraph(cutLog).nodes.find((node) => node.id === "t1:stream");
    expect(stream).toMatchObject({ cut: true, stopReason: "other", wireEvents: 2, seqs: [4, 7] });
    expect(findNodeOf(projectRunGraph(LOG), "t1:stream", "stream")?.cut).toBeUndefined();
  });
});

describe("projectRunGraph on prefixes", () => {
  it("shows the request pending, then assembled, then the stream running with its count", () => {
    const at2 = readStatuses(projectRunGraph(LOG, 2));
    expect(at2).toEqual({
      "t1:user": "ok",
      "t1:request:tools": "pending",
      "t1:request:system": "pending",
      "t1:request:messages": "pending",
      "t1:stream": "pending",
    });
    expect(readStatuses(projectRunGraph(LOG, 3))["t1:request:messages"]).toBe("ok");
    const stream = projectRunGraph(LOG, 6).nodes.find((node) => node.id === "t1:stream");
    expect(stream).toMatchObject({ status: "running", wireEvents: 2, detail: "2 wire events" });
  });

  it("shows the approval waiting and paused, then execute running, which the full log shows ok", () => {
    const paused = projectRunGraph(LOG, 20);
    expect(c1Stages(readStatuses(paused))).toEqual({
      ...Object.fromEntries(PIPELINE.map((s) => [`t1:call:c1:${s}`, "pending"])),
      "t1:call:c1:lookup": "ok",
      "t1:call:c1:prepare": "ok",
      "t1:call:c1:validate": "ok",
      "t1:call:c1:preflight": "ok",
      "t1:call:c1:approval": "waiting",
      "t1:call:c1:error-result": "pending",
    });
    expect(paused.nodes.find((node) => node.id === "t1:call:c1:approval")?.paused).toBe(true);
    expect(paused.nodes.filter((node) => node.paused).map((node) => node.id)).toEqual([
      "t1:call:c1:approval",
    ]);
    expect(readStatuses(projectRunGraph(LOG, 24))["t1:call:c1:execute"]).toBe("running");
    expect(readStatuses(projectRunGraph(LOG))["t1:call:c1:execute"]).toBe("ok");
    expect(readStatuses(projectRunGraph(LOG, 31))["t1:results"]).toBe("running");
  });

  it("keeps every node's and edge's id: each prefix's ids are the start of the full log's", () => {
    const full = projectRunGraph(LOG);
    for (let upTo = -1; upTo < LOG.length; upTo++) {
      const prefix = projectRunGraph(LOG, upTo);
      expect(prefix.nodes.map((node) => node.id)).toEqual(
        full.nodes.slice(0, prefix.nodes.length).map((node) => node.id),
      );
      expect(prefix.edges).toEqual(full.edges.slice(0, prefix.edges.length));
    }
    expect(projectRunGraph(LOG, -1)).toEqual({ nodes: [], edges: [] });
  });
});

describe("createRunGraphProjector", () => {
  it("gives the same graph as projectRunGraph for every prefix, in any order, as the log grows", () => {
    const projector = createRunGraphProjector(4);
    const order = Array.from({ length: LOG.length }, (_, i) => (i * 17) % LOG.length);
    for (const upTo of [...order, ...order.reverse()])
      expect(projector.project(LOG, upTo)).toEqual(projectRunGraph(LOG, upTo));
    for (let length = 0; length <= LOG.length; length++)
      expect(projector.project(LOG.slice(0, length))).toEqual(projectRunGraph(LOG.slice(0, length)));
  });

  it("returns the same graph object when asked for the same prefix again", () => {
    const projector = createRunGraphProjector(4);
    expect(projector.project(LOG, 20)).toBe(projector.project(LOG, 20));
  });

  it("drops checkpoints when the log is a different one", () => {
    const projector = createRunGraphProjector(4);
    projector.project(LOG);
    const other = buildLog([{ kind: "user.message", turn: 1, text: "other" }]);
    expect(readStatuses(projector.project(other))).toEqual({
      "t1:user": "ok",
      "t1:request:tools": "pending",
      "t1:request:system": "pending",
      "t1:request:messages": "pending",
      "t1:stream": "pending",
    });
  });
});

import { describe, expect, it } from "vitest";
import type { NewEvent } from "@/lib/trace/events";
import { sessionCreated } from "@/lib/trace/testing/build-log";
import type { ToolDefinition } from "@/lib/trace/config";
import type { ArgumentCheck } from "./graph-state";
import { createRunGraphProjector } from "./projector";
import { projectRunGraph } from "./reduce-run-graph";
import { buildLog, completed, findNodeOf, readStatuses, requested } from "./testing/graph-log";
import { toolCall, turnCompleted } from "@/lib/trace/testing/build-log";

const READ: ToolDefinition = {
  name: "Read",
  input_schema: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
};

/** A stand-in for lib/schema's validateInput: `file_path` must be a string. */
const check: ArgumentCheck = ({ input }) => {
  const ok = typeof (input as { file_path?: unknown } | null)?.file_path === "string";
  return { valid: ok, errors: ok ? [] : [{ path: "/file_path", message: "`file_path` is required" }] };
};

const captured = (turn: number): NewEvent => {
  const event = requested(turn);
  return event.kind === "request.assembled"
    ? { ...event, capture: { path: "/v1/messages?beta=true", upstream: "offline", client: "Claude Code" } }
    : event;
};

const callTurn = (turn: number, id: string, name: string, args: unknown): NewEvent =>
  ({
    ...turnCompleted(turn, [toolCall(id, name, args)]),
    stopReason: { unified: "tool_use", raw: "tool_use" },
  }) as NewEvent;

const result = (callId: string, isError = false, clientMs?: number): NewEvent => ({
  kind: "tool.result",
  callId,
  turn: 1,
  name: "Read",
  content: isError ? "no such file" : "# Notes",
  isError,
  source: "client",
  ...(clientMs === undefined ? {} : { clientMs }),
});

/** Two captured requests: Read is called in the first, its result arrives with the second. */
const LOG = buildLog([
  sessionCreated({ tools: [READ] }), // 0
  { kind: "run.started", runId: "r1", trigger: "capture" }, // 1
  { kind: "user.message", turn: 1, text: "What is in notes.md?" }, // 2
  captured(1), // 3
  callTurn(1, "c1", "Read", { file_path: "notes.md" }), // 4
  { kind: "run.finished", runId: "r1", reason: "the response ended", syntheticResults: [] }, // 5
  { kind: "run.started", runId: "r2", trigger: "capture" }, // 6
  result("c1", false, 412), // 7
  captured(2), // 8
  completed(2, "It says Notes.", []), // 9
  { kind: "run.finished", runId: "r2", reason: "the response ended", syntheticResults: [] }, // 10
]);

const ids = (stage: string) => `t1:call:c1:${stage}`;

describe("a captured client's call in the graph", () => {
  it("has only the stages Toolscope can observe: lookup and validate checked by Toolscope, execute and result by the client", () => {
    const graph = projectRunGraph(LOG, 4, { checkArguments: check });
    const stages = graph.nodes.filter((node) => node.kind === "stage");
    expect(stages.map((node) => [node.label, node.kind === "stage" ? node.by : null, node.status])).toEqual([
      ["lookup", "toolscope", "ok"],
      ["validate", "toolscope", "ok"],
      ["execute", "client", "waiting"],
      ["result", "client", "pending"],
    ]);
    expect(findNodeOf(graph, ids("validate"), "stage")?.detail).toMatch(
      /checked by Toolscope against the client's schema: valid/,
    );
    expect(graph.nodes.some((node) => node.kind === "error-result")).toBe(false);
    expect(graph.edges.map((edge) => edge.id)).toEqual(
      expect.arrayContaining([
        `t1:block:0->${ids("lookup")}`,
        `${ids("lookup")}->${ids("validate")}`,
        `${ids("validate")}->${ids("execute")}`,
        `${ids("execute")}->${ids("normalize")}`,
        `${ids("normalize")}->t1:results`,
      ]),
    );
  });

  it("stays waiting for the client past the response's end, then shows its result and tool time", () => {
    const ended = readStatuses(projectRunGraph(LOG, 5, { checkArguments: check }));
    expect(ended[ids("execute")]).toBe("waiting");
    expect(ended[ids("normalize")]).toBe("pending");
    const graph = projectRunGraph(LOG, Infinity, { checkArguments: check });
    const execute = findNodeOf(graph, ids("execute"), "stage");
    expect(execute).toMatchObject({ status: "ok", ms: 412, detail: "run by the client · 412 ms", seqs: [7] });
    expect(findNodeOf(graph, ids("normalize"), "stage")).toMatchObject({
      status: "ok",
      detail: "# Notes",
      seqs: [7],
    });
    expect(findNodeOf(graph, "t1:results", "results")).toMatchObject({ status: "ok", detail: "1/1" });
  });

  it("a result the client marked as an error is an error result node; a repeated result changes nothing", () => {
    const log = buildLog([
      ...LOG.slice(0, 7).map(({ seq: _s, at: _a, sessionId: _i, ...e }) => e as NewEvent),
      result("c1", true),
      result("c1"),
    ]);
    const graph = projectRunGraph(log, Infinity, { checkArguments: check });
    expect(findNodeOf(graph, ids("normalize"), "stage")).toMatchObject({ status: "error", seqs: [7] });
    expect(findNodeOf(graph, ids("execute"), "stage")?.detail).toBe("run by the client");
  });

  it("says on every stage Toolscope checks what the check found, or why it did not check", () => {
    const checkOf = (log: ReturnType<typeof buildLog>, stage: string, checker?: ArgumentCheck) =>
      findNodeOf(
        projectRunGraph(log, Infinity, checker ? { checkArguments: checker } : {}),
        ids(stage),
        "stage",
      )?.check;
    const call = (name: string, args: unknown) =>
      buildLog([sessionCreated({ tools: [READ] }), captured(1), callTurn(1, "c1", name, args)]);
    expect(checkOf(call("Read", { file_path: "a" }), "lookup", check)).toBe("declared");
    expect(checkOf(call("Read", { file_path: "a" }), "validate", check)).toBe("valid");
    expect(checkOf(call("Read", { path: 1 }), "validate", check)).toBe("invalid");
    expect(checkOf(call("Read", { file_path: "a" }), "validate", () => null)).toBe("checking");
    expect(checkOf(call("Read", { file_path: "a" }), "validate")).toBe("no-checker");
    expect(checkOf(call("Wrte", {}), "lookup", check)).toBe("undeclared");
    expect(checkOf(call("Wrte", {}), "validate", check)).toBe("no-such-tool");
    const broken = { ...toolCall("c1", "Read", {}), arguments: null, rawArguments: '{"file_path": ' };
    const notJson = buildLog([
      sessionCreated({ tools: [READ] }),
      captured(1),
      turnCompleted(1, [broken]) as NewEvent,
    ]);
    expect(checkOf(notJson, "validate", check)).toBe("not-json");
    expect(checkOf(call("Read", { file_path: "a" }), "execute", check)).toBeUndefined();
  });

  it("lookup fails for a name the client did not declare; validate is then not checked", () => {
    const log = buildLog([sessionCreated({ tools: [READ] }), captured(1), callTurn(1, "c1", "Wrte", {})]);
    const graph = projectRunGraph(log, Infinity, { checkArguments: check });
    expect(findNodeOf(graph, ids("lookup"), "stage")).toMatchObject({
      status: "error",
      detail: "checked by Toolscope: not among the client's 1 tool",
    });
    expect(findNodeOf(graph, ids("validate"), "stage")?.status).toBe("skipped");
  });

  it("validate fails on arguments that break the client's schema, names the path, and counts the rest", () => {
    const twoErrors: ArgumentCheck = () => ({
      valid: false,
      errors: [
        { path: "/file_path", message: "`file_path` is required" },
        { path: "/x", message: "unexpected" },
      ],
    });
    const log = buildLog([
      sessionCreated({ tools: [READ] }),
      captured(1),
      callTurn(1, "c1", "Read", { path: 1 }),
    ]);
    expect(
      findNodeOf(projectRunGraph(log, Infinity, { checkArguments: check }), ids("validate"), "stage"),
    ).toMatchObject({
      status: "error",
      detail: "checked by Toolscope against the client's schema: /file_path `file_path` is required",
    });
    expect(
      findNodeOf(projectRunGraph(log, Infinity, { checkArguments: twoErrors }), ids("validate"), "stage")
        ?.detail,
    ).toMatch(/\(\+1 more\)$/);
  });

  it("arguments that are not JSON fail validate without a checker; with no checker valid JSON is not checked", () => {
    const broken = { ...toolCall("c1", "Read", {}), arguments: null, rawArguments: '{"file_path": ' };
    const notJson = { ...turnCompleted(1, [broken]) } as NewEvent;
    const log = buildLog([sessionCreated({ tools: [READ] }), captured(1), notJson]);
    expect(findNodeOf(projectRunGraph(log), ids("validate"), "stage")?.detail).toBe(
      "checked by Toolscope: the arguments are not JSON",
    );
    const fine = buildLog([
      sessionCreated({ tools: [READ] }),
      captured(1),
      callTurn(1, "c1", "Read", { file_path: "a" }),
    ]);
    expect(findNodeOf(projectRunGraph(fine), ids("validate"), "stage")).toMatchObject({ status: "skipped" });
  });

  it("validate is running while the verdict is not known yet, and is given the call, its schema and input", () => {
    const asked: unknown[] = [];
    const unknown: ArgumentCheck = (call) => {
      asked.push(call);
      return null;
    };
    const log = buildLog([
      sessionCreated({ tools: [READ] }),
      captured(1),
      callTurn(1, "c1", "Read", { file_path: "a" }),
    ]);
    expect(
      findNodeOf(projectRunGraph(log, Infinity, { checkArguments: unknown }), ids("validate"), "stage"),
    ).toMatchObject({
      status: "running",
      detail: "checking against the client's schema…",
    });
    expect(asked).toEqual([{ id: "c1", name: "Read", schema: READ.input_schema, input: { file_path: "a" } }]);
  });

  it("the tools checked against are the client's latest (session.configured)", () => {
    const write: ToolDefinition = { name: "Write", input_schema: { type: "object" } };
    const log = buildLog([
      sessionCreated({ tools: [READ] }),
      { kind: "session.configured", changes: { tools: { before: [READ], after: [READ, write] } } },
      captured(1),
      callTurn(1, "c1", "Write", {}),
    ]);
    expect(findNodeOf(projectRunGraph(log), ids("lookup"), "stage")?.status).toBe("ok");
  });

  it("a call left without the client's result when its session ends otherwise is an error at execute", () => {
    const log = buildLog([
      sessionCreated({ tools: [READ] }),
      { kind: "run.started", runId: "r1", trigger: "capture" },
      captured(1),
      callTurn(1, "c1", "Read", { file_path: "a" }),
      {
        kind: "run.interrupted",
        runId: "r1",
        reason: "the client hung up",
        syntheticResults: [{ type: "toolResult", toolCallId: "c1", content: "interrupted", isError: true }],
      },
    ]);
    const graph = projectRunGraph(log, Infinity, { checkArguments: check });
    expect(findNodeOf(graph, ids("execute"), "stage")).toMatchObject({
      status: "error",
      detail: "the client never sent its result",
    });
    expect(findNodeOf(graph, ids("normalize"), "stage")?.status).toBe("error");
  });

  it("a run's own request after a captured one (a fork of a capture) gets the nine stages again", () => {
    const log = buildLog([
      sessionCreated({ tools: [READ] }),
      captured(1),
      completed(1, "hi", []),
      requested(2),
      completed(2, null, [{ id: "c2", name: "Read" }]),
    ]);
    const stages = projectRunGraph(log).nodes.filter((node) => node.kind === "stage");
    expect(stages).toHaveLength(9);
    expect(stages.every((node) => node.kind === "stage" && node.by === undefined)).toBe(true);
  });

  it("the projector gives the same graph as the fold, checker included", () => {
    const projector = createRunGraphProjector(2, { checkArguments: check });
    for (const upTo of [3, 4, 7, 10]) {
      expect(projector.project(LOG, upTo)).toEqual(projectRunGraph(LOG, upTo, { checkArguments: check }));
    }
  });
});

/**
 * Faults inside the harness, through the agent loop and the store: a tool that never resolves
 * (the time limit on the run's clock ends it with `timeout`, and the run goes on; an interrupt
 * ends it at once), and a preflight hook that throws (`fail-closed` blocks with `hook_error`,
 * `fail-open` runs the call). Each leaves a dense log and a transcript the pairing doctor accepts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { BUILTIN_TOOLS } from "@/lib/tools/registry";
import type { BuiltinTool } from "@/lib/tools/types";
import type { PolicyConfig } from "@/lib/trace/config";
import type { TraceEvent } from "@/lib/trace/events";
import { projectTranscript } from "@/lib/trace/transcript";
import { createSession } from "./sessions";
import { only, openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

/** A tool that never settles and ignores its abort signal: the worst a tool can do. */
const STUCK_JOB: BuiltinTool = {
  definition: {
    name: "stuck_job",
    description: "Run the stuck job. It never finishes.",
    input_schema: { type: "object", properties: {}, additionalProperties: false },
    meta: {
      readOnly: true,
      destructive: false,
      idempotent: true,
      concurrencySafe: true,
      needsApproval: false,
      timeoutMs: 4000,
    },
  },
  execute: () => new Promise(() => {}),
};

const registry = BUILTIN_TOOLS as Map<string, BuiltinTool>;
let test: TestRuntime;
beforeEach(() => {
  registry.set(STUCK_JOB.definition.name, STUCK_JOB);
  test = openTestRuntime("toolscope-tool-faults-");
});
afterEach(() => {
  registry.delete(STUCK_JOB.definition.name);
  test.close();
});

/** Creates an offline session with these built-ins and this policy. */
function createWith(tools: string[] | undefined, policy: PolicyConfig = {}): string {
  const created = createSession(test.runtime, {
    provider: { kind: "offline" },
    ...(tools ? { tools: tools.map((builtin) => ({ builtin })) } : {}),
    policy,
  });
  if (!created.ok) throw new Error(created.problem.error);
  return created.value.id;
}

/** The stages of one call as `stage:status`. */
function readStages(events: readonly TraceEvent[], callId: string): string[] {
  return only(events, "tool.stage")
    .filter((e) => e.callId === callId)
    .map((e) => `${e.stage}:${e.status}`);
}

/** The ids of the tool calls the model made, in order. */
function readCallIds(events: readonly TraceEvent[]): string[] {
  return only(events, "turn.completed").flatMap((e) =>
    e.unified.content.flatMap((block) => (block.type === "toolCall" ? [block.id] : [])),
  );
}

/** Dense seqs, exactly one run end (the last event), a transcript the doctor accepts. */
function expectValidEnd(events: readonly TraceEvent[], end: "run.finished" | "run.interrupted"): void {
  expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
  expect(
    events.filter((e) => e.kind.startsWith("run.") && e.kind !== "run.started").map((e) => e.kind),
  ).toEqual([end]);
  expect(events.at(-1)?.kind).toBe(end);
  expect(checkTranscript(projectTranscript(events).messages)).toEqual([]);
}

describe("a tool that never resolves", () => {
  it("is stopped at its time limit on the run's clock with a timeout result, and the run goes on", async () => {
    const events = await test.send(createWith(["stuck_job"]), "Run the stuck job");
    const [result] = only(events, "tool.result");
    expect(result).toMatchObject({
      turn: 1,
      name: "stuck_job",
      isError: true,
      errorKind: "timeout",
      content: "stuck_job did not finish within 4,000 ms and was stopped.",
    });
    expect(readStages(events, result!.callId)).toEqual([
      "lookup:running",
      "lookup:ok",
      "prepare:running",
      "prepare:ok",
      "validate:running",
      "validate:ok",
      "preflight:running",
      "preflight:ok",
      "approval:skipped",
      "execute:running",
      "execute:error",
      "progress:skipped",
      "post:running",
      "post:ok",
      "normalize:running",
      "normalize:ok",
    ]);
    const execute = only(events, "tool.stage").filter((e) => e.stage === "execute");
    expect(execute[1]!.at - execute[0]!.at).toBe(4000);
    expect(only(events, "turn.completed").map((e) => e.turn)).toEqual([1, 2]);
    expect(projectTranscript(events).messages.map((m) => [m.role, m.content.map((b) => b.type)])).toEqual([
      ["user", ["text"]],
      ["assistant", ["text", "toolCall"]],
      ["user", ["toolResult"]],
      ["assistant", ["text"]],
    ]);
    expectValidEnd(events, "run.finished");
  });

  it("ends at once when the run is interrupted, not at its time limit, with an interrupted result", async () => {
    const sessionId = createWith(["stuck_job"]);
    let interruptedAt = -1;
    const unsubscribe = test.runtime.bus.subscribe(sessionId, (event) => {
      if (event.kind !== "tool.stage" || event.stage !== "execute" || event.status !== "running") return;
      interruptedAt = event.at;
      test.runtime.runs.get(sessionId)?.controller.abort(new Error("interrupted by the user"));
    });
    const events = await test.send(sessionId, "Run the stuck job");
    unsubscribe();
    const end = only(events, "run.interrupted");
    expect(end).toEqual([
      expect.objectContaining({
        reason: "interrupted by the user",
        syntheticResults: [
          {
            type: "toolResult",
            toolCallId: readCallIds(events)[0],
            content:
              "The run was interrupted while stuck_job was running; it may or may not have finished. Check before calling it again.",
            isError: true,
            errorKind: "interrupted",
          },
        ],
      }),
    ]);
    expect(end[0]!.at).toBe(interruptedAt);
    expect(only(events, "tool.result")).toEqual([]);
    expectValidEnd(events, "run.interrupted");
  });
});

describe("a tool that stops as asked", () => {
  it("keeps its own result when the run is interrupted while it runs", async () => {
    const sessionId = createWith(["slow_task"]);
    const unsubscribe = test.runtime.bus.subscribe(sessionId, (event) => {
      if (event.kind === "tool.progress" && event.message === "step 2 of 8")
        test.runtime.runs.get(sessionId)?.controller.abort(new Error("interrupted by the user"));
    });
    const events = await test.send(sessionId, "Run the slow task with 8 steps");
    unsubscribe();
    expect(only(events, "tool.result")).toEqual([
      expect.objectContaining({
        name: "slow_task",
        isError: true,
        errorKind: "execution_error",
        content: "Stopped after 2 of 8 steps: interrupted by the user.",
      }),
    ]);
    expect(only(events, "run.interrupted")[0]?.syntheticResults).toEqual([]);
    expectValidEnd(events, "run.interrupted");
  });
});

describe("a preflight hook that throws", () => {
  beforeEach(() => {
    test.runtime.hooks.set("stale-file-check", {
      id: "stale-file-check",
      check: () => {
        throw new Error("the log could not be read");
      },
    });
  });

  it("fail-closed (the default): blocks the call with hook_error, nothing runs, the run goes on", async () => {
    const sessionId = createWith(undefined, { hooks: ["stale-file-check"] });
    const events = await test.send(sessionId, "What is in notes/todo.md?");
    const [result] = only(events, "tool.result");
    expect(result).toMatchObject({
      name: "read_file",
      isError: true,
      errorKind: "hook_error",
      content:
        "Blocked by stale-file-check: The harness check `stale-file-check` failed (the log could not be read), so nothing ran. The failure is in the harness, not in your arguments: tell the person instead of retrying.",
    });
    expect(readStages(events, result!.callId)).toEqual([
      "lookup:running",
      "lookup:ok",
      "prepare:running",
      "prepare:ok",
      "validate:running",
      "validate:ok",
      "preflight:running",
      "preflight:blocked",
      "normalize:running",
      "normalize:ok",
    ]);
    expect(only(events, "turn.completed").map((e) => e.turn)).toEqual([1, 2]);
    expectValidEnd(events, "run.finished");
  });

  it("fail-open: records the failure at preflight and runs the call", async () => {
    const sessionId = createWith(undefined, { hooks: ["stale-file-check"], hookFailure: "fail-open" });
    const events = await test.send(sessionId, "What is in notes/todo.md?");
    const [result] = only(events, "tool.result");
    expect(result).toMatchObject({ name: "read_file", isError: false });
    expect(result!.content).toMatch(/^# Todo\n/);
    const preflight = only(events, "tool.stage").find(
      (e) => e.callId === result!.callId && e.stage === "preflight" && e.status !== "running",
    );
    expect(preflight?.status).toBe("ok");
    expect(preflight?.output).toContain("hook stale-file-check: failed, continuing (fail-open)");
    expect(preflight?.output).toContain("the log could not be read");
    expect(readStages(events, result!.callId)).toContain("execute:ok");
    expectValidEnd(events, "run.finished");
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { projectWorkspace } from "@/lib/trace/workspace";
import { configureSession } from "./configure";
import { controlSession, decideCall, setBreakpoints } from "./control";
import { replayCall } from "./replay";
import { startMessageRun } from "./runs";
import { only, openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-replay-");
});
afterEach(() => test.close());

const TODO =
  "# Todo\n\n- [ ] Read the tool-use docs\n- [x] Sketch the weather tool schema\n- [ ] Add tests for the pipeline\n";

/** The tool call of the first turn that made one, and its recorded result. */
function findCall(events: readonly TraceEvent[], name: string) {
  const call = only(events, "turn.completed")
    .flatMap((e) => e.unified.content)
    .find((b) => b.type === "toolCall" && b.name === name);
  if (call?.type !== "toolCall") throw new Error(`no ${name} call`);
  const result = only(events, "tool.result").find((e) => e.callId === call.id)!;
  return { call, result };
}

async function replay(sessionId: string, callId: string, body: Parameters<typeof replayCall>[3] = {}) {
  return replayCall(test.runtime, sessionId, callId, body);
}

describe("replaying one recorded call", () => {
  it("gives the original result for the original arguments, and appends only call.replayed", async () => {
    const id = test.create({ kind: "offline" });
    const before = await test.send(id, "What is in notes/todo.md?");
    const { call, result } = findCall(before, "read_file");

    const replayed = await replay(id, call.id);
    if (!replayed.ok) throw new Error(replayed.problem.error);
    expect(replayed.value.result).toEqual({ content: result.content, isError: false });
    expect(replayed.value.stages.map((s) => [s.stage, s.status])).toEqual([
      ["lookup", "ok"],
      ["prepare", "ok"],
      ["validate", "ok"],
      ["preflight", "ok"],
      ["approval", "skipped"],
      ["execute", "ok"],
      ["progress", "skipped"],
      ["post", "ok"],
      ["normalize", "ok"],
    ]);
    const after = test.runtime.store.events(id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual([
      expect.objectContaining({
        kind: "call.replayed",
        seq: before.length,
        callId: call.id,
        arguments: { path: "notes/todo.md" },
        tool: expect.objectContaining({ name: "read_file", builtin: "read_file" }),
        stages: replayed.value.stages,
        result: replayed.value.result,
      }),
    ]);
  });

  it("stops edited arguments that fail the schema at validate: schema_validation_error, no execute", async () => {
    const id = test.create({ kind: "offline" });
    const { call } = findCall(await test.send(id, "What is in notes/todo.md?"), "read_file");
    const replayed = await replay(id, call.id, { arguments: { path: 42 } });
    if (!replayed.ok) throw new Error(replayed.problem.error);
    expect(replayed.value.result).toMatchObject({ isError: true, errorKind: "schema_validation_error" });
    expect(replayed.value.stages.map((s) => [s.stage, s.status])).toEqual([
      ["lookup", "ok"],
      ["prepare", "ok"],
      ["validate", "error"],
      ["normalize", "ok"],
    ]);
    const recorded = only(test.runtime.store.events(id), "call.replayed");
    expect(recorded.map((e) => e.arguments)).toEqual([{ path: 42 }]);
  });

  it("runs against the workspace as it was at the call and leaves the session's workspace alone", async () => {
    const id = test.create({ kind: "offline" });
    await test.send(id, "What is in notes/todo.md?");
    // write_file is destructive: the run waits for a person to approve it.
    expect(startMessageRun(test.runtime, id, "Write 'buy milk' to notes/todo.md").ok).toBe(true);
    const paused = await waitFor(id, "run.paused");
    expect(decideCall(test.runtime, id, paused.callId!, { decision: "approve" }).ok).toBe(true);
    await test.runtime.runs.get(id)?.done;
    const before = test.runtime.store.events(id);
    expect(projectWorkspace(before).files["notes/todo.md"]).toBe("buy milk");

    const read = await replay(id, findCall(before, "read_file").call.id);
    expect(read).toMatchObject({ ok: true, value: { result: { isError: false }, changes: [] } });
    if (!read.ok) return;
    expect(read.value.result.content).toContain("- [ ] Read the tool-use docs");
    expect(read.value.result.content).not.toContain("buy milk");

    const { call } = findCall(before, "write_file");
    const write = await replay(id, call.id, {
      arguments: { path: "notes/todo.md", content: "buy eggs" },
      decision: { decision: "approve" },
    });
    expect(write).toEqual({
      ok: true,
      value: {
        stages: expect.any(Array),
        result: { content: "Wrote 8 characters to notes/todo.md.", isError: false },
        changes: [{ type: "write", path: "notes/todo.md", content: "buy eggs" }],
      },
    });
    const after = test.runtime.store.events(id);
    expect(after.slice(before.length).map((e) => e.kind)).toEqual(["call.replayed", "call.replayed"]);
    expect(projectWorkspace(after).files["notes/todo.md"]).toBe("buy milk");
    expect(projectWorkspace(after, 0).files["notes/todo.md"]).toBe(TODO);
  });

  it("denies a call that needs approval unless the body decides, and uses the given definition", async () => {
    const id = test.create({ kind: "offline" });
    const { call, result } = findCall(await test.send(id, "What is in notes/todo.md?"), "read_file");
    const tool = {
      name: "read_file",
      description: "Read a file, with approval.",
      input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      meta: { needsApproval: true },
    };
    const denied = await replay(id, call.id, { tool });
    expect(denied).toMatchObject({
      ok: true,
      value: { result: { isError: true, errorKind: "denied_by_user" } },
    });
    if (!denied.ok) return;
    expect(denied.value.stages.find((s) => s.stage === "approval")).toEqual({
      stage: "approval",
      status: "blocked",
      detail: "denied: no decision was given for this replay",
      ms: 0,
    });
    const approved = await replay(id, call.id, { tool, decision: { decision: "approve" } });
    expect(approved).toMatchObject({
      ok: true,
      value: { result: { content: result.content, isError: false } },
    });
    const recorded = only(test.runtime.store.events(id), "call.replayed");
    expect(recorded.map((e) => (e.tool as { meta?: unknown }).meta)).toEqual([
      { needsApproval: true },
      { needsApproval: true },
    ]);
  });

  it("redacts what it answers and records with the session's current patterns", async () => {
    const id = test.create({ kind: "offline" });
    const { call } = findCall(await test.send(id, "What is in notes/todo.md?"), "read_file");
    expect(configureSession(test.runtime, id, { policy: { redact: ["Sketch the \\w+"] } }).ok).toBe(true);
    const replayed = await replay(id, call.id);
    if (!replayed.ok) throw new Error(replayed.problem.error);
    const answered = JSON.stringify(replayed.value);
    expect(answered).not.toContain("Sketch the weather");
    expect(answered).toContain("[REDACTED] tool schema");
    const recorded = only(test.runtime.store.events(id), "call.replayed")[0]!;
    expect({ stages: recorded.stages, result: recorded.result }).toEqual({
      stages: replayed.value.stages,
      result: replayed.value.result,
    });
  });

  it("refuses an unknown call (404), a manual mock (422) and a live run (409), appending nothing", async () => {
    const id = test.create({ kind: "offline" });
    const events = await test.send(id, "What is in notes/todo.md?");
    const { call } = findCall(events, "read_file");
    expect(await replay(id, "toolu_nope")).toMatchObject({ ok: false, problem: { kind: "not_found" } });
    expect(await replay("ses_nope", call.id)).toMatchObject({ ok: false, problem: { kind: "not_found" } });
    const manual = { name: "read_file", input_schema: { type: "object" }, mock: { kind: "manual" as const } };
    expect(await replay(id, call.id, { tool: manual })).toMatchObject({
      ok: false,
      problem: { kind: "unprocessable" },
    });

    setBreakpoints(test.runtime, id, { beforeRequest: true });
    expect(startMessageRun(test.runtime, id, "What is in notes/ideas.md?").ok).toBe(true);
    await waitFor(id, "run.paused");
    expect(await replay(id, call.id)).toMatchObject({ ok: false, problem: { kind: "conflict" } });
    await controlSession(test.runtime, id, "interrupt");
    expect(only(test.runtime.store.events(id), "call.replayed")).toEqual([]);
  });
});

function waitFor<K extends TraceEvent["kind"]>(id: string, kind: K): Promise<EventOf<K>> {
  const found = test.runtime.store.events(id).find((e): e is EventOf<K> => e.kind === kind);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const stop = test.runtime.bus.subscribe(id, (e) => {
      if (e.kind === kind) {
        stop();
        resolve(e as EventOf<K>);
      }
    });
  });
}

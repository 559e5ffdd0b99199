import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ToolDefinition } from "@/lib/trace/config";
import type { EventOf, TraceEvent } from "@/lib/trace/events";
import { controlSession, decideCall, provideManualResult, setBreakpoints } from "./control";
import { startMessageRun } from "./runs";
import type { Runtime } from "./runtime";
import { createSession } from "./sessions";
import { createTestRuntime } from "./testing/offline-runtime";
import { manual, needsApproval } from "./testing/person-tools";

let dataDir: string;
let runtime: Runtime;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolscope-control-"));
  runtime = createTestRuntime({ dataDir });
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function newSession(tools?: ToolDefinition[]): string {
  const created = createSession(runtime, tools ? { tools } : {});
  if (!created.ok) throw new Error(created.problem.error);
  return created.value.id;
}

/** Resolves with the first event (already in the log or still to come) that matches. */
function waitFor<K extends TraceEvent["kind"]>(
  id: string,
  kind: K,
  test: (e: EventOf<K>) => boolean = () => true,
): Promise<EventOf<K>> {
  const match = (e: TraceEvent): e is EventOf<K> => e.kind === kind && test(e as EventOf<K>);
  const found = runtime.store.events(id).find(match);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const stop = runtime.bus.subscribe(id, (e) => {
      if (match(e)) {
        stop();
        resolve(e);
      }
    });
  });
}

const pauses = (id: string) =>
  runtime.store
    .events(id)
    .flatMap((e) => (e.kind === "run.paused" ? [`${e.reason}:${e.point ?? e.callId}`] : []));

describe("stepping a run", () => {
  it("pauses before execute, steps to the next checkpoint, then continues to the end", async () => {
    const id = newSession();
    expect(setBreakpoints(runtime, id, { beforeExecute: true })).toMatchObject({
      ok: true,
      value: { breakpoints: { beforeExecute: true, beforeRequest: false } },
    });
    expect(startMessageRun(runtime, id, "What is in notes/todo.md?").ok).toBe(true);
    await waitFor(id, "run.paused", (e) => e.point === "beforeExecute");
    expect(runtime.store.getSession(id)?.status).toBe("paused");

    expect(await controlSession(runtime, id, "step")).toMatchObject({
      ok: true,
      value: { status: "running" },
    });
    await waitFor(id, "run.paused", (e) => e.point === "afterResult");
    expect(await controlSession(runtime, id, "continue")).toMatchObject({ ok: true });
    await waitFor(id, "run.finished");
    expect(pauses(id)).toEqual(["breakpoint:beforeExecute", "breakpoint:afterResult"]);
    expect(runtime.store.events(id).filter((e) => e.kind === "run.resumed")).toHaveLength(2);
  });

  it("pauses at the next checkpoint when asked, and interrupts with paired results", async () => {
    const id = newSession();
    startMessageRun(runtime, id, "What is in notes/todo.md?");
    expect(await controlSession(runtime, id, "pause")).toMatchObject({ ok: true });
    const paused = await waitFor(id, "run.paused");
    expect(paused.reason).toBe("breakpoint");

    setBreakpoints(runtime, id, { beforeExecute: true });
    await controlSession(runtime, id, "continue");
    await waitFor(id, "run.paused", (e) => e.point === "beforeExecute");
    expect(await controlSession(runtime, id, "interrupt")).toMatchObject({
      ok: true,
      value: { status: "interrupted" },
    });
    const end = await waitFor(id, "run.interrupted");
    expect(end.syntheticResults).toEqual([
      expect.objectContaining({
        isError: true,
        errorKind: "interrupted",
        content: "The run was interrupted before read_file ran; it did not run.",
      }),
    ]);
    expect(await controlSession(runtime, id, "interrupt")).toMatchObject({
      ok: false,
      problem: { kind: "conflict" },
    });
  });

  it("continues an idle session whose transcript ends with tool results, and refuses one that ends with an answer", async () => {
    const id = newSession();
    setBreakpoints(runtime, id, { beforeExecute: true });
    startMessageRun(runtime, id, "What is in notes/todo.md?");
    await waitFor(id, "run.paused", (e) => e.point === "beforeExecute");
    await controlSession(runtime, id, "interrupt");
    setBreakpoints(runtime, id, { beforeExecute: false });

    const continued = await controlSession(runtime, id, "continue");
    expect(continued).toMatchObject({ ok: true, value: { status: "running" } });
    await runtime.runs.get(id)?.done;
    const started = runtime.store.events(id).filter((e) => e.kind === "run.started");
    expect(started.map((e) => e.kind === "run.started" && e.trigger)).toEqual(["message", "continue"]);
    expect(runtime.store.getSession(id)?.status).toBe("finished");
    expect(await controlSession(runtime, id, "continue")).toMatchObject({
      ok: false,
      problem: { kind: "conflict" },
    });
  });
});

describe("a person in the loop", () => {
  it("waits for approval, then runs the approved call", async () => {
    const id = newSession([needsApproval]);
    startMessageRun(runtime, id, "Please approve the payment");
    const paused = await waitFor(id, "run.paused", (e) => e.reason === "approval");
    expect(decideCall(runtime, id, "nope", { decision: "approve" })).toMatchObject({
      ok: false,
      problem: { kind: "conflict" },
    });
    expect(decideCall(runtime, id, paused.callId!, { decision: "approve" })).toMatchObject({ ok: true });
    await waitFor(id, "run.finished");
    expect(await waitFor(id, "tool.result")).toMatchObject({ content: "paid", isError: false });
  });

  it("answers a denied call with denied_by_user", async () => {
    const id = newSession([needsApproval]);
    startMessageRun(runtime, id, "Please approve the payment");
    const paused = await waitFor(id, "run.paused", (e) => e.reason === "approval");
    decideCall(runtime, id, paused.callId!, { decision: "deny", reason: "not today" });
    expect(await waitFor(id, "tool.result")).toMatchObject({ errorKind: "denied_by_user" });
  });

  it("pauses a manual tool until the person types its result", async () => {
    const id = newSession([manual]);
    startMessageRun(runtime, id, "Ask a human");
    const paused = await waitFor(id, "run.paused", (e) => e.reason === "manual-result");
    expect(provideManualResult(runtime, id, paused.callId!, { content: "42", isError: false })).toMatchObject(
      { ok: true },
    );
    expect(await waitFor(id, "tool.result")).toMatchObject({ content: "42", isError: false });
    await waitFor(id, "run.finished");
  });
});

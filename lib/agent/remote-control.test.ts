/**
 * The controls of a run from an instance that does not carry it: two runtimes on one Postgres
 * database; every control sent to the one without the run's lease is carried out by the owner and
 * answered as the owner answers; an owner that is gone makes it `unavailable`, and its run is
 * still ended once, by the lease check.
 */
import { expect, it, vi } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { decideCall } from "./control";
import { closeOrphanedRuns } from "./leases";
import {
  controlAnywhere,
  decideAnywhere,
  provideResultAnywhere,
  setBreakpointsAnywhere,
} from "./remote-control";
import { startRun } from "./runs";
import type { Runtime } from "./runtime";
import { newSession } from "./testing/offline-runtime";
import { manual, needsApproval } from "./testing/person-tools";
import { describeInstances } from "./testing/postgres-instances";

/** Waits until the session's log (read from the database) has an event that matches; returns it. */
async function logShows(runtime: Runtime, id: string, match: (event: TraceEvent) => boolean) {
  return vi.waitFor(
    () => {
      const found = runtime.store.events(id).find(match);
      if (!found) throw new Error("not yet");
      return found;
    },
    { timeout: 20_000, interval: 20 },
  );
}

const pausedAt = (point: string) => (event: TraceEvent) =>
  event.kind === "run.paused" && event.point === point;
const count = (runtime: Runtime, id: string, kind: TraceEvent["kind"]) =>
  runtime.store.events(id).filter((event) => event.kind === kind).length;
describeInstances("controls from another instance", "remote-control", ({ cluster, open, crash }) => {
  it("steps, pauses, sets breakpoints, continues and interrupts a run the other instance carries", async () => {
    const url = await cluster().createDatabase();
    const a = open(url);
    const b = open(url);
    const id = newSession(a);
    const started = startRun(a, id, {
      trigger: "message",
      text: "What is in notes/todo.md?",
      stepping: true,
    });
    if (!started.ok) throw new Error(started.problem.error);
    const { runId } = started.value;
    await logShows(b, id, (event) => event.kind === "run.paused");
    expect(b.runs.has(id)).toBe(false);

    // A breakpoint set from b reaches a's run: it stops there after b's continue.
    expect(await setBreakpointsAnywhere(b, id, { beforeExecute: true })).toMatchObject({
      ok: true,
      value: { breakpoints: { beforeExecute: true } },
    });
    expect(await controlAnywhere(b, id, "pause")).toMatchObject({ ok: true, value: { runId } });
    expect(await controlAnywhere(b, id, "continue")).toMatchObject({ ok: true, value: { runId } });
    await logShows(b, id, pausedAt("beforeExecute"));
    expect(await controlAnywhere(b, id, "step")).toMatchObject({ ok: true, value: { runId } });
    await logShows(b, id, pausedAt("afterResult"));
    expect(await controlAnywhere(b, id, "interrupt")).toMatchObject({
      ok: true,
      value: { status: "interrupted", runId },
    });
    // a carried every step: b never had the run, and it ended once.
    expect(b.runs.has(id)).toBe(false);
    expect(count(a, id, "run.started")).toBe(1);
    expect(count(a, id, "run.interrupted")).toBe(1);
    expect(count(a, id, "run.resumed")).toBeGreaterThanOrEqual(2);
    // With no run live anywhere, b answers as a would.
    expect(await controlAnywhere(b, id, "interrupt")).toEqual(await controlAnywhere(a, id, "interrupt"));
  }, 60_000);

  it("approves and answers the calls of a run the other instance carries, refusing as the owner would", async () => {
    const url = await cluster().createDatabase();
    const a = open(url);
    const b = open(url);
    const approval = newSession(a, { tools: [needsApproval] });
    startRun(a, approval, { trigger: "message", text: "Please approve the payment" });
    const waiting = await logShows(b, approval, (event) => event.kind === "run.paused");
    if (waiting.kind !== "run.paused") throw new Error("not a pause");
    // The owner's own refusal, word for word.
    const wrongCall = await decideAnywhere(b, approval, "nope", { decision: "approve" });
    expect(wrongCall).toEqual(decideCall(a, approval, "nope", { decision: "approve" }));
    expect(wrongCall).toMatchObject({ ok: false, problem: { kind: "conflict" } });
    expect(await decideAnywhere(b, approval, waiting.callId!, { decision: "approve" })).toMatchObject({
      ok: true,
    });
    await a.runs.get(approval)?.done;
    expect(a.store.events(approval).find((event) => event.kind === "tool.result")).toMatchObject({
      content: "paid",
      isError: false,
    });

    const human = newSession(a, { tools: [manual] });
    startRun(a, human, { trigger: "message", text: "Ask a human" });
    const asked = await logShows(b, human, (event) => event.kind === "run.paused");
    if (asked.kind !== "run.paused") throw new Error("not a pause");
    expect(
      await provideResultAnywhere(b, human, asked.callId!, { content: "42", isError: false }),
    ).toMatchObject({ ok: true });
    await a.runs.get(human)?.done;
    expect(a.store.events(human).find((event) => event.kind === "tool.result")).toMatchObject({
      content: "42",
    });
    expect(a.store.getSession(human)?.status).toBe("finished");
  }, 60_000);

  it("says so when the instance carrying the run is gone, and its run is still ended once", async () => {
    const url = await cluster().createDatabase();
    const gone = open(url);
    const b = open(url);
    const c = open(url);
    const id = newSession(gone);
    const started = startRun(gone, id, { trigger: "message", text: "hello", stepping: true });
    if (!started.ok) throw new Error(started.problem.error);
    await logShows(b, id, (event) => event.kind === "run.paused");
    // A crash: its lease will expire soon (as if renewals had stopped), and it answers nobody.
    expect(gone.store.leases!.claim(id, started.value.runId, 1_500)).toBe(true);
    crash(gone);

    const refused = await controlAnywhere(b, id, "continue", { waitMs: 500 });
    expect(refused).toMatchObject({ ok: false, problem: { kind: "unavailable" } });
    expect(refused.ok || refused.problem.error).toMatch(/did not answer.*lease expires/);
    expect(b.store.getSession(id)?.status).toBe("paused");

    await vi.waitFor(() => expect(b.store.leases!.isHeld(id)).toBe(false), {
      timeout: 10_000,
      interval: 100,
    });
    expect([...closeOrphanedRuns(c.store), ...closeOrphanedRuns(b.store)]).toEqual([id]);
    expect(count(b, id, "run.interrupted")).toBe(1);
    // Now nobody carries it: b answers itself.
    expect(await controlAnywhere(b, id, "interrupt")).toMatchObject({
      ok: false,
      problem: { kind: "conflict", error: expect.stringMatching(/No run is live/) },
    });
  }, 60_000);
});

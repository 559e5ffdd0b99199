/**
 * Two Toolscope runtimes on one Postgres database, as two instances are: a session's events
 * reach the other instance's event stream live, in order, once each; a run belongs to the
 * instance holding its lease; a crashed owner's run is ended by whichever instance notices, once.
 */
import { expect, it, vi } from "vitest";
import { streamSessionEvents } from "./event-stream";
import { closeOrphanedRuns } from "./leases";
import { startRun } from "./runs";
import { configureSession } from "./configure";
import { controlSession } from "./control";
import { deleteSession } from "./sessions";
import { newSession } from "./testing/offline-runtime";
import { describeInstances } from "./testing/postgres-instances";

/** Reads `count` SSE events' seqs off the stream. */
async function readSeqs(stream: ReadableStream<Uint8Array>, count: number): Promise<number[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const seqs: number[] = [];
  while (seqs.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    for (const match of text.matchAll(/^id: (\d+)$/gm)) seqs.push(Number(match[1]));
    text = text.slice(text.lastIndexOf("\n\n") + 2);
  }
  reader.releaseLock();
  return seqs;
}

describeInstances("two instances on one Postgres", "instances", ({ cluster, open }) => {
  it("streams one instance's run live to the other instance's event stream, in order, once each", async () => {
    const url = await cluster().createDatabase();
    const a = open(url);
    const b = open(url);
    const id = newSession(a);
    expect(b.store.getSession(id)).toMatchObject({ id });
    const controller = new AbortController();
    const streamed = b.store.lastSeq(id);
    const stream = streamSessionEvents(b, id, streamed, controller.signal);
    const started = startRun(a, id, { trigger: "message", text: "What is in notes/todo.md?" });
    if (!started.ok) throw new Error(started.problem.error);
    await a.runs.get(id)?.done;
    // One of b's own, appended before a's last commits are announced to b.
    b.store.append(id, { kind: "user.message", turn: 99, text: "from b" });
    const total = a.store.lastSeq(id) - streamed;
    expect(total).toBeGreaterThan(5);
    const seqs = await readSeqs(stream, total);
    controller.abort();
    expect(seqs).toEqual(Array.from({ length: total }, (_, i) => streamed + 1 + i));
    expect(b.store.getSession(id)).toMatchObject({ status: "finished" });
  }, 60_000);

  it("gives a run to the instance holding its lease, and ends a crashed owner's run once", async () => {
    const url = await cluster().createDatabase();
    const a = open(url);
    const b = open(url);
    const c = open(url);
    const id = newSession(a);
    // A stepping run waits at its first gate: live in a, with a's lease.
    const started = startRun(a, id, { trigger: "message", text: "hello", stepping: true });
    if (!started.ok) throw new Error(started.problem.error);
    await vi.waitFor(() => expect(b.store.getSession(id)?.status).toBe("paused"), { timeout: 20_000 });
    expect(b.store.leases!.isHeld(id)).toBe(true);
    const refused = startRun(b, id, { trigger: "message", text: "me too" });
    expect(refused.ok || refused.problem.error).toMatch(/another Toolscope instance/);
    expect(closeOrphanedRuns(b.store)).toEqual([]);
    expect(a.runs.has(id)).toBe(true);
    // b neither deletes, reconfigures nor steers a run that a carries.
    for (const outcome of [
      deleteSession(b, id),
      configureSession(b, id, { title: "renamed" }),
      await controlSession(b, id, "continue"),
    ])
      expect(outcome.ok || outcome.problem.error).toMatch(/another Toolscope instance/);
    expect(b.store.getSession(id)).toMatchObject({ status: "paused" });

    // A crash: the owner's lease is left to expire (a short one, as if renewals had stopped).
    const dead = newSession(a);
    a.store.append(dead, { kind: "run.started", runId: "run-dead", trigger: "message" });
    expect(a.store.leases!.claim(dead, "run-dead", 300)).toBe(true);
    expect(b.store.leases!.claim(dead, "run-other", 30_000)).toBe(false);
    expect(b.store.leases!.orphans()).toEqual([]);
    await vi.waitFor(() => expect(b.store.leases!.isHeld(dead)).toBe(false), {
      timeout: 10_000,
      interval: 100,
    });
    expect(b.store.leases!.orphans()).toEqual([dead]);
    // Both notice; one ends it.
    const ended = [...closeOrphanedRuns(c.store), ...closeOrphanedRuns(b.store)];
    expect(ended).toEqual([dead]);
    const interrupted = a.store.events(dead).filter((event) => event.kind === "run.interrupted");
    expect(interrupted).toHaveLength(1);
    expect(a.store.getSession(dead)?.status).toBe("interrupted");
    // The live run was left alone.
    expect(a.store.getSession(id)?.status).toBe("paused");
  }, 60_000);
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import type { VirtualClock } from "@/lib/clock/virtual-clock";
import type { TraceEvent } from "@/lib/trace/events";
import { projectTranscript } from "@/lib/trace/transcript";
import { controlSession } from "./control";
import { describeForkTitle, forkSession, listForkPoints } from "./fork";
import { startMessageRun } from "./runs";
import { only, openTestRuntime, TEST_START, type TestRuntime } from "./testing/offline-runtime";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-fork-");
});
afterEach(() => test.close());

const withoutSession = (events: readonly TraceEvent[]) =>
  events.map(({ sessionId: _sessionId, ...rest }) => rest);

function fork(parentId: string, body: Parameters<typeof forkSession>[2]): string {
  const forked = forkSession(test.runtime, parentId, body);
  if (!forked.ok) throw new Error(forked.problem.error);
  return forked.value.id;
}

async function runToEnd(id: string, start: () => { ok: boolean }): Promise<TraceEvent[]> {
  expect(start().ok).toBe(true);
  await test.runtime.runs.get(id)?.done;
  return test.runtime.store.events(id);
}

/** A session that read notes/todo.md in one run: user → call → result → answer. */
async function readTodo() {
  const id = test.create({ kind: "offline" });
  const events = await test.send(id, "What is in notes/todo.md?");
  const user = only(events, "user.message")[0]!.seq;
  const result = only(events, "tool.result")[0]!.seq;
  const answer = only(events, "turn.completed")[1]!.seq;
  return { id, events, user, result, answer };
}

describe("describeForkTitle", () => {
  it("names the parent and the last turn the copied prefix opened", async () => {
    const parent = await readTodo();
    const prefix = parent.events.slice(0, parent.result + 1);
    expect(describeForkTitle("Todo", prefix)).toBe("Fork of “Todo” at turn 1");
    expect(describeForkTitle("", parent.events)).toBe("Fork of an untitled session at turn 2");
    expect(describeForkTitle("Todo", [])).toBe("Fork of “Todo”");
  });
});

describe("the fork points", () => {
  it("are user messages, answers without calls, and the result that completes a batch", async () => {
    const { events, user, result, answer } = await readTodo();
    expect(listForkPoints(events)).toEqual([user, result, answer]);
    expect(events[answer + 1]?.kind).toBe("run.finished");
  });
});

describe("forking a session", () => {
  it("copies the prefix exactly, ends the copied run, and the child continues to finished", async () => {
    const parent = await readTodo();
    (test.runtime.clock as VirtualClock).advance(60_000);
    const id = fork(parent.id, { at: parent.result });
    const child = test.runtime.store.events(id);
    expect(withoutSession(child.slice(0, parent.result + 1))).toEqual(
      withoutSession(parent.events.slice(0, parent.result + 1)),
    );
    expect(child.every((e) => e.sessionId === id)).toBe(true);
    const runId = only(parent.events, "run.started")[0]!.runId;
    expect(child.slice(parent.result + 1)).toEqual([
      expect.objectContaining({
        kind: "session.forked",
        at: TEST_START + 60_000,
        parentId: parent.id,
        forkSeq: parent.result,
        edits: {},
      }),
      expect.objectContaining({ kind: "run.interrupted", forked: true, runId, syntheticResults: [] }),
    ]);
    expect(test.runtime.store.getSession(id)).toMatchObject({
      parentId: parent.id,
      forkSeq: parent.result,
      status: "idle",
      title: expect.stringMatching(/^Fork of /),
    });
    const parentRow = test.runtime.store.getSession(parent.id)!;
    expect("parentId" in parentRow || "forkSeq" in parentRow).toBe(false);
    expect(test.runtime.store.events(parent.id)).toEqual(parent.events);

    const continued = await continueToEnd(id);
    expect(test.runtime.store.getSession(id)?.status).toBe("finished");
    expect(only(continued, "run.started").at(-1)?.trigger).toBe("continue");
    const messages = projectTranscript(continued).messages;
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("continues with a new message from the end of a turn, with an edited system prompt", async () => {
    const parent = await readTodo();
    const id = fork(parent.id, { at: parent.answer, edits: { system: "Answer in French." } });
    const forkedAt = parent.answer + 1;
    expect(
      test.runtime.store
        .events(id)
        .slice(forkedAt)
        .map((e) => e.kind),
    ).toEqual(["session.forked", "session.configured", "run.interrupted"]);
    expect(only(test.runtime.store.events(id), "session.configured")).toEqual([
      expect.objectContaining({ changes: { system: { before: "", after: "Answer in French." } } }),
    ]);
    const events = await runToEnd(id, () => startMessageRun(test.runtime, id, "What is in notes/ideas.md?"));
    const requests = only(events.slice(forkedAt), "request.assembled");
    expect(requests[0]?.body.system).toBe("Answer in French.");
    expect(test.runtime.store.getSession(id)?.status).toBe("finished");
    expect(only(test.runtime.store.events(parent.id), "request.assembled").map((e) => e.body.system)).toEqual(
      [undefined, undefined],
    );
  });

  it("refuses a seq that ends no turn as unprocessable with the valid seqs, saving nothing", async () => {
    const parent = await readTodo();
    const before = test.runtime.store.listSessions().length;
    const refused = forkSession(test.runtime, parent.id, { at: parent.user + 1 });
    expect(refused).toEqual({
      ok: false,
      problem: {
        kind: "unprocessable",
        error: `Event ${parent.user + 1} does not end a turn or a user message; fork at one of the valid seqs.`,
        path: "/at",
        validSeqs: [parent.user, parent.result, parent.answer],
      },
    });
    expect(forkSession(test.runtime, "ses_nope", { at: 0 })).toMatchObject({
      ok: false,
      problem: { kind: "not_found" },
    });
    expect(test.runtime.store.listSessions()).toHaveLength(before);
  });

  it("refuses edited messages that break pairing as unprocessable with the problems", async () => {
    const parent = await readTodo();
    const call = { type: "toolCall" as const, id: "toolu_x", name: "read_file", arguments: { path: "a" } };
    const refused = forkSession(test.runtime, parent.id, {
      at: parent.answer,
      edits: {
        messages: [
          { role: "user", content: [{ type: "text", text: "read a" }] },
          { role: "assistant", content: [call] },
          { role: "user", content: [{ type: "text", text: "never mind" }] },
        ],
      },
    });
    expect(refused).toMatchObject({
      ok: false,
      problem: {
        kind: "unprocessable",
        path: "/edits/messages",
        problems: [expect.objectContaining({ rule: "result-missing", callId: "toolu_x" })],
      },
    });
    expect(test.runtime.store.listSessions()).toHaveLength(1);
  });

  it("starts the child from exactly the edited messages, tool results included", async () => {
    const parent = await readTodo();
    const messages: UnifiedMessage[] = projectTranscript(parent.events, parent.result).messages.map(
      ({ role, content }) => ({ role, content }),
    );
    const last = messages.at(-1)!;
    const edited: UnifiedMessage[] = [
      ...messages.slice(0, -1),
      {
        ...last,
        content: last.content.map((b) => (b.type === "toolResult" ? { ...b, content: "- [ ] ship it" } : b)),
      },
    ];
    const id = fork(parent.id, { at: parent.result, edits: { messages: edited } });
    const view = projectTranscript(test.runtime.store.events(id));
    expect(view.messages.map(({ role, content }) => ({ role, content }))).toEqual(edited);

    const events = await continueToEnd(id);
    const request = only(events, "request.assembled").at(-1)!;
    expect(JSON.stringify(request.body.messages)).toContain("- [ ] ship it");
    expect(JSON.stringify(request.body.messages)).not.toContain("Read the tool-use docs");
  });

  it("validates config edits as session creation does, naming the field", async () => {
    const parent = await readTodo();
    expect(
      forkSession(test.runtime, parent.id, { at: parent.answer, edits: { tools: [{ builtin: "nope" }] } }),
    ).toMatchObject({ ok: false, problem: { kind: "invalid", path: "/edits/tools/0/builtin" } });
    const faulty = {
      kind: "anthropic" as const,
      baseURL: "http://localhost:1",
      faults: [{ kind: "overloaded" as const }],
    };
    expect(
      forkSession(test.runtime, parent.id, { at: parent.answer, edits: { provider: faulty } }),
    ).toMatchObject({ ok: false, problem: { kind: "invalid", path: "/edits/provider/kind" } });
    const id = fork(parent.id, { at: parent.user, edits: { tools: [{ builtin: "calculator" }] } });
    expect(
      test.runtime.store
        .events(id)
        .slice(parent.user + 1)
        .map((e) => e.kind),
    ).toEqual(["session.forked", "session.configured", "run.interrupted"]);
  });
});

/** `control continue` on an idle child, then the run to its end. */
async function continueToEnd(id: string): Promise<TraceEvent[]> {
  expect(await controlSession(test.runtime, id, "continue")).toMatchObject({
    ok: true,
    value: { status: "running" },
  });
  await test.runtime.runs.get(id)?.done;
  return test.runtime.store.events(id);
}

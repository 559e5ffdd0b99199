import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import type { Scenario } from "@/lib/lessons/types";
import { seedWorkspace } from "@/lib/tools/registry";
import { forkSession } from "./fork";
import { buildLessonProvider, resolveLessonTools } from "./lesson-session";
import { startMessageRun } from "./runs";
import { createSession } from "./sessions";
import { only, openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-lesson-session-");
});
afterEach(() => test.close());

/** Creates a session for lesson `id`, or throws. */
function createLesson(id: string, title?: string): string {
  const created = createSession(test.runtime, { scenario: id, ...(title ? { title } : {}) });
  if (!created.ok) throw new Error(created.problem.error);
  return created.value.id;
}

/** Sends the lesson's next message and waits for its run to end. */
async function sendNext(id: string, lang: "en" | "zh" = "en") {
  const started = startMessageRun(test.runtime, id, undefined, lang);
  await test.runtime.runs.get(id)?.done;
  return started;
}

describe("POST /api/sessions { scenario }", () => {
  it("sets the session up as the lesson does: title, provider, tools, policy, seed, scenario, no breakpoints", () => {
    const id = createLesson("wrong-arguments");
    const [created] = only(test.runtime.store.events(id), "session.created");
    const { config, workspace } = created!;
    expect(config.title).toBe("Wrong arguments, and the fix");
    expect(config.provider).toEqual({ kind: "offline", wire: "openai-chat" });
    expect(config.tools.map((tool) => [tool.name, tool.builtin])).toEqual([
      ["create_order", "create_order"],
      ["read_file", "read_file"],
    ]);
    expect([config.scenario, config.policy, Object.values(config.breakpoints)]).toEqual([
      "wrong-arguments",
      {},
      [false, false, false, false, false],
    ]);
    expect(workspace).toEqual(seedWorkspace());
    expect(test.runtime.store.getSession(id)).toMatchObject({
      title: config.title,
      provider: config.provider,
    });
  });

  it("takes a title; refuses fields the lesson decides and unknown lessons", () => {
    const id = createLesson("first-tool-call", "我的第一课");
    expect(test.runtime.store.getSession(id)!.title).toBe("我的第一课");
    const extra = createSession(test.runtime, {
      scenario: "first-tool-call",
      tools: [{ builtin: "read_file" }],
    });
    expect(extra).toMatchObject({ ok: false, problem: { kind: "invalid", path: "/tools" } });
    const unknown = createSession(test.runtime, { scenario: "constructor" });
    expect(unknown).toMatchObject({ ok: false, problem: { kind: "invalid", path: "/scenario" } });
  });
});

describe("a lesson's tools and provider", () => {
  it("expands names, keeps definitions (and their builtin) as written, refuses unknown or repeated names", () => {
    const edited = {
      ...resolveTools(["read_file"])[0]!,
      description: "Reads a file. Use it for any question about a file.",
    };
    expect(
      resolveTools([edited, "list_dir"]).map((tool) => [tool.name, tool.builtin, tool.description]),
    ).toEqual([
      ["read_file", "read_file", edited.description],
      ["list_dir", "list_dir", expect.any(String)],
    ]);
    expect(resolveLessonTools(["nope"])).toMatchObject({ ok: false, problem: { kind: "invalid" } });
    expect(resolveLessonTools(["read_file", "read_file"])).toMatchObject({ ok: false });
  });

  it("runs on the offline model with the lesson's wire, tool choice, pace and faults", () => {
    const scenario = {
      provider: { wire: "openai-responses", toolChoice: { name: "read_file" }, pace: 20 },
      faults: [{ kind: "overloaded", turn: 1 }],
    } as unknown as Scenario;
    expect(buildLessonProvider(scenario)).toEqual({
      kind: "offline",
      wire: "openai-responses",
      toolChoice: { name: "read_file" },
      pace: 20,
      faults: [{ kind: "overloaded", turn: 1 }],
    });
  });
});

/** The tools `resolveLessonTools` resolves, or throws. */
function resolveTools(tools: Parameters<typeof resolveLessonTools>[0]) {
  const resolved = resolveLessonTools(tools);
  if (!resolved.ok) throw new Error(resolved.problem.error);
  return resolved.value;
}

describe("POST .../messages {}", () => {
  it("400 in a session without a lesson; 409 once every message was sent", async () => {
    const plain = test.create({ kind: "offline" });
    expect(startMessageRun(test.runtime, plain, undefined)).toMatchObject({
      ok: false,
      problem: { kind: "invalid", path: "/text" },
    });
    const id = createLesson("first-tool-call");
    expect(await sendNext(id, "zh")).toMatchObject({ ok: true });
    expect(await sendNext(id)).toMatchObject({ ok: false, problem: { kind: "conflict" } });
  });

  it("409 while a run is live, appending nothing", () => {
    const id = createLesson("three-wire-formats");
    expect(startMessageRun(test.runtime, id, undefined).ok).toBe(true);
    const count = test.runtime.store.events(id).length;
    expect(startMessageRun(test.runtime, id, undefined)).toMatchObject({
      ok: false,
      problem: { kind: "conflict" },
    });
    expect(test.runtime.store.events(id)).toHaveLength(count);
    return test.runtime.runs.get(id)?.done;
  });

  it("applies a message's reconfigure first; messages a person typed do not count", async () => {
    const id = createLesson("three-wire-formats");
    await sendNext(id);
    await test.send(id, "What is in notes/ideas.md?");
    await sendNext(id, "zh");
    const events = test.runtime.store.events(id);
    expect(only(events, "user.message").map((e) => e.text)).toEqual([
      "What is in notes/todo.md?",
      "What is in notes/ideas.md?",
      "那 notes/ideas.md 里写了什么？",
    ]);
    expect(only(events, "session.configured").map((e) => e.changes.provider?.after)).toEqual([
      { kind: "offline", wire: "openai-chat" },
    ]);
    expect(test.runtime.store.getSession(id)!.provider).toEqual({ kind: "offline", wire: "openai-chat" });
  });

  it("a fork of a lesson session keeps the lesson and goes on with its next message and script turn", async () => {
    const run = await runLesson("three-wire-formats", { runtime: test, messages: 1 });
    const at = only(run.events, "turn.completed").at(-1)!.seq;
    const forked = forkSession(test.runtime, run.sessionId, { at });
    if (!forked.ok) throw new Error(forked.problem.error);
    expect((await sendNext(forked.value.id)).ok).toBe(true);
    const child = test.runtime.store.events(forked.value.id);
    expect(only(child, "user.message").map((e) => e.text)).toEqual([
      "What is in notes/todo.md?",
      "And what is in notes/ideas.md?",
    ]);
    expect(only(child, "tool.result").map((e) => [e.name, e.content.split("\n")[0]])).toEqual([
      ["read_file", "# Todo"],
      ["read_file", "# Ideas"],
    ]);
  });
});

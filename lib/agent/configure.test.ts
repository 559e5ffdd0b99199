import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { configureSession } from "./configure";
import { controlSession, setBreakpoints } from "./control";
import { startMessageRun } from "./runs";
import { only, openTestRuntime, type TestRuntime } from "./testing/offline-runtime";

let test: TestRuntime;
beforeEach(() => {
  test = openTestRuntime("toolscope-configure-");
});
afterEach(() => test.close());

const toolNames = (body: Record<string, unknown>) => (body.tools as { name: string }[]).map((t) => t.name);

describe("PATCH /api/sessions/:id", () => {
  it("records only what changed, and the next run's request carries the new tools", async () => {
    const id = test.create({ kind: "offline" });
    const configured = configureSession(test.runtime, id, {
      tools: [{ builtin: "calculator" }, { builtin: "read_file" }],
      system: "",
      title: "  Calculator only ",
    });
    expect(configured).toMatchObject({
      ok: true,
      value: {
        session: {
          id,
          title: "Calculator only",
          system: "",
          tools: [
            expect.objectContaining({ name: "calculator" }),
            expect.objectContaining({ name: "read_file" }),
          ],
        },
      },
    });
    const events = test.runtime.store.events(id);
    const changes = only(events, "session.configured").map((e) => Object.keys(e.changes));
    expect(changes).toEqual([["title", "tools"]]);
    expect(only(events, "session.configured")[0]!.changes.title).toEqual({
      before: "New session",
      after: "Calculator only",
    });
    expect(test.runtime.store.getSession(id)?.title).toBe("Calculator only");

    const after = await test.send(id, "What is in notes/todo.md?");
    expect(only(after, "request.assembled").map((e) => toolNames(e.body))).toEqual([
      ["calculator", "read_file"],
      ["calculator", "read_file"],
    ]);
    expect(test.runtime.store.getSession(id)?.status).toBe("finished");
  });

  it("appends nothing when nothing changes", () => {
    const id = test.create({ kind: "offline" });
    const before = test.runtime.store.events(id);
    expect(
      configureSession(test.runtime, id, { system: "", policy: {}, provider: { kind: "offline" } }),
    ).toMatchObject({
      ok: true,
    });
    expect(test.runtime.store.events(id)).toEqual(before);
  });

  it("records a provider change, and answers with the configured provider", () => {
    const id = test.create({ kind: "offline" });
    const provider = { kind: "offline" as const, wire: "openai-chat" as const };
    expect(configureSession(test.runtime, id, { provider })).toMatchObject({
      ok: true,
      value: { session: { provider } },
    });
    expect(only(test.runtime.store.events(id), "session.configured")[0]?.changes).toEqual({
      provider: { before: { kind: "offline" }, after: provider },
    });
    // The sessions list and the session detail show it too.
    expect(test.runtime.store.getSession(id)?.provider).toEqual(provider);
  });

  it("refuses bad tools, a provider that cannot run and a blank title with 400 naming the field", () => {
    const id = test.create({ kind: "offline" });
    const before = test.runtime.store.events(id);
    expect(configureSession(test.runtime, id, { tools: [{ builtin: "nope" }] })).toEqual({
      ok: false,
      problem: {
        kind: "invalid",
        error: '/tools/0/builtin: no built-in tool named "nope"',
        path: "/tools/0/builtin",
      },
    });
    const faulty = {
      kind: "anthropic" as const,
      baseURL: "http://localhost:1",
      faults: [{ kind: "overloaded" as const }],
    };
    expect(configureSession(test.runtime, id, { provider: faulty })).toMatchObject({
      ok: false,
      problem: { kind: "invalid", path: "/provider/kind" },
    });
    expect(configureSession(test.runtime, id, { title: "   " })).toMatchObject({
      ok: false,
      problem: { kind: "invalid", path: "/title" },
    });
    expect(configureSession(test.runtime, "ses_nope", {})).toMatchObject({
      ok: false,
      problem: { kind: "not_found" },
    });
    expect(test.runtime.store.events(id)).toEqual(before);
  });

  it("refuses a change while a run is live with 409", async () => {
    const id = test.create({ kind: "offline" });
    setBreakpoints(test.runtime, id, { beforeRequest: true });
    expect(startMessageRun(test.runtime, id, "What is in notes/todo.md?").ok).toBe(true);
    await waitForPause(id);
    expect(configureSession(test.runtime, id, { system: "Be brief." })).toMatchObject({
      ok: false,
      problem: { kind: "conflict" },
    });
    await controlSession(test.runtime, id, "interrupt");
    expect(configureSession(test.runtime, id, { system: "Be brief." })).toMatchObject({ ok: true });
  });
});

function waitForPause(id: string): Promise<TraceEvent> {
  const found = test.runtime.store.events(id).find((e) => e.kind === "run.paused");
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const stop = test.runtime.bus.subscribe(id, (e) => {
      if (e.kind === "run.paused") {
        stop();
        resolve(e);
      }
    });
  });
}

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { exportSession } from "./export";
import { importSession } from "./import/import-session";
import { openTestRuntime, runOfflineSession, TEST_TOKEN } from "./import/testing/runtime";
import type { Runtime } from "./runtime";

const PLANTED_KEY = "sk-ant-api03-PLANTEDplantedPLANTED0123456789";

let runtime: Runtime;
let dispose: () => void;
beforeEach(() => ({ runtime, dispose } = openTestRuntime({ keys: { anthropic: PLANTED_KEY } })));
afterEach(() => dispose());

function exportOf(id: string) {
  const outcome = exportSession(runtime, id);
  if (!outcome.ok) throw new Error(outcome.problem.error);
  return outcome.value;
}

/** Events without the parts a new session gives them again. */
function stripEnvelope(events: readonly TraceEvent[]) {
  return events.map(({ sessionId: _sessionId, ...rest }) => rest);
}

describe("export", () => {
  it("is { format, version, session: the list item + config, events } with nothing secret in it", async () => {
    const text = `What is in notes/todo.md? My key is ${PLANTED_KEY} and the token ${TEST_TOKEN}`;
    const { id, events } = await runOfflineSession(runtime, text);
    const file = exportOf(id);
    expect(Object.keys(file)).toEqual(["format", "version", "session", "events"]);
    expect([file.format, file.version]).toEqual(["toolscope-export", 1]);
    expect(Object.keys(file.session).sort()).toEqual(
      [
        "id",
        "title",
        "createdAt",
        "provider",
        "eventCount",
        "status",
        "source",
        "system",
        "tools",
        "policy",
        "breakpoints",
        "lesson",
      ].sort(),
    );
    expect(file.session).toMatchObject({ id, eventCount: events.length, status: "finished" });
    expect(file.events).toEqual(events);
    const serialized = JSON.stringify(file);
    expect(serialized).not.toContain(PLANTED_KEY);
    expect(serialized).not.toContain(TEST_TOKEN);
  });

  it("is not_found for an unknown session", () => {
    const outcome = exportSession(runtime, "ses_missing");
    expect(outcome.ok ? null : outcome.problem.kind).toBe("not_found");
  });
});

describe("an export imported again", () => {
  it("gives the same events under a new id (seq, at, kinds and payloads equal)", async () => {
    const { id, events } = await runOfflineSession(runtime, "What is in notes/todo.md?");
    const file = JSON.parse(JSON.stringify(exportOf(id))) as unknown;
    const imported = importSession(runtime, { kind: "json", value: file });
    if (!imported.ok) throw new Error(imported.problem.error);
    expect(imported.value.id).not.toBe(id);
    expect(imported.value.detected).toEqual({ format: "toolscope-export", provider: "offline" });
    const copy = runtime.store.events(imported.value.id);
    expect(copy.every((e) => e.sessionId === imported.value.id)).toBe(true);
    expect(stripEnvelope(copy)).toEqual(stripEnvelope(events));
    expect(runtime.store.getSession(imported.value.id)).toMatchObject({
      title: "New session",
      status: "finished",
    });
    expect(imported.value.notes).toEqual([]);
  });

  it("and exported again gives the same file apart from ids, times and its source", async () => {
    const { id } = await runOfflineSession(runtime, "What is in notes/todo.md?");
    const first = exportOf(id);
    const imported = importSession(runtime, { kind: "json", value: JSON.parse(JSON.stringify(first)) });
    if (!imported.ok) throw new Error(imported.problem.error);
    const second = exportOf(imported.value.id);
    expect(stripEnvelope(second.events)).toEqual(stripEnvelope(first.events));
    const { id: _a, createdAt: _b, source: firstSource, ...firstSession } = first.session;
    const { id: _c, createdAt: _d, source: secondSource, ...secondSession } = second.session;
    expect(secondSession).toEqual(firstSession);
    expect([firstSource, secondSource]).toEqual(["run", "import"]);
  });
});

describe("an export that ends inside a run", () => {
  it("is imported with that run marked interrupted and every open call answered", async () => {
    const { id, events } = await runOfflineSession(runtime, "What is in notes/todo.md?");
    const file = JSON.parse(JSON.stringify(exportOf(id))) as { events: TraceEvent[] };
    // Cut the log right after the first batch was planned: a run is live and a call is open.
    file.events = events.slice(0, events.findIndex((e) => e.kind === "batch.planned") + 1);
    const imported = importSession(runtime, { kind: "json", value: file });
    if (!imported.ok) throw new Error(imported.problem.error);
    const copy = runtime.store.events(imported.value.id);
    expect(copy.at(-1)).toMatchObject({
      kind: "run.interrupted",
      reason: "the imported log ended inside this run",
      syntheticResults: [
        expect.objectContaining({
          errorKind: "interrupted",
          content: "The import ended before read_file ran; it did not run.",
        }),
      ],
    });
    expect(runtime.store.getSession(imported.value.id)?.status).toBe("interrupted");
    expect(imported.value.notes).toContain(
      "The imported log ended inside a run; it was marked interrupted, with results for its open calls.",
    );
  });
});

import { describe, expect, it } from "vitest";
import type { NewEvent, TraceEvent } from "../events";
import { buildLog, completed, requested, stage, wireEvents } from "./testing/graph-log";
import { sessionCreated, toolResult } from "@/lib/trace/testing/build-log";
import { chooseGraphWindow } from "./graph-window";
import { createWindowProjector } from "./window-projector";
import { counting, expectWindowsAgree } from "./testing/windows";

const tool = (name: string) => ({ name, description: name, input_schema: { type: "object" } });

/** One run: a user message, a turn with a call (or none), its stages and result, and its end. */
function run(index: number, turn: number, withCall: boolean): NewEvent[] {
  const runId = `r${index}`;
  const callId = `c${index}`;
  const events: NewEvent[] = [
    { kind: "run.started", runId, trigger: "message" },
    { kind: "user.message", turn, text: `message ${index}` },
    requested(turn),
    { kind: "wire.response", turn, attempt: 1, status: 200, headers: {} },
    ...wireEvents(turn, 5),
    completed(turn, withCall ? null : "done", withCall ? [{ id: callId, name: "read" }] : []),
  ];
  if (!withCall)
    return [...events, { kind: "run.finished", runId, reason: "end_turn", syntheticResults: [] }];
  return [
    ...events,
    { kind: "batch.planned", turn, callIds: [callId], policy: "all-or-nothing", schedule: [[callId]] },
    ...stage(callId, "lookup", "ok"),
    ...stage(callId, "execute", "ok"),
    toolResult({ callId, name: "read", turn }),
    requested(turn + 1),
    ...wireEvents(turn + 1, 3),
    completed(turn + 1, "read it", []),
    { kind: "run.finished", runId, reason: "end_turn", syntheticResults: [] },
  ] as NewEvent[];
}

/**
 * A long log: runs with and without calls, a run that opens no turn (it fails at once), the
 * tools configured part-way, and a last run still open at the end.
 */
function buildLongLog(runs: number): TraceEvent[] {
  const events: NewEvent[] = [sessionCreated({ tools: [tool("read")] })];
  let turn = 1;
  for (let index = 1; index <= runs; index++) {
    if (index % 7 === 0) {
      events.push(
        { kind: "run.started", runId: `r${index}`, trigger: "continue" },
        {
          kind: "run.failed",
          runId: `r${index}`,
          reason: "nothing to continue",
          error: "no",
          syntheticResults: [],
        },
      );
      continue;
    }
    if (index === 20)
      events.push({
        kind: "session.configured",
        changes: { tools: { before: [tool("read")], after: [tool("read"), tool("write")] } },
      } as NewEvent);
    const withCall = index % 3 !== 0;
    events.push(...run(index, turn, withCall));
    turn += withCall ? 2 : 1;
  }
  events.push(
    { kind: "run.started", runId: "open", trigger: "message" },
    { kind: "user.message", turn, text: "last" },
  );
  events.push(requested(turn), ...wireEvents(turn, 4));
  return buildLog(events);
}

describe("the graph of a window of a long log", () => {
  const events = buildLongLog(60);

  it("folds a short log whole", () => {
    expect(chooseGraphWindow(events, 200, 128)).toEqual({ start: 0, seed: null });
  });

  it("starts a long log's window at a run's start, with the tools and link the runs before left", () => {
    const window = chooseGraphWindow(events, events.length, 128);
    expect(window.start).toBeGreaterThan(0);
    expect(events[window.start]!.kind).toBe("run.started");
    expect(window.seed!.tools.map((t) => t.name)).toEqual(["read", "write"]);
    expect(window.seed!.link).toMatch(/^run:r\d+:end$/);
  });

  it("gives every turn in the window the nodes and edges the whole log's fold gives it, at every cursor", () => {
    const windows = createWindowProjector({ size: 128 });
    const windowed = expectWindowsAgree(events, windows, counting(1, events.length));
    expect(windowed).toBeGreaterThan(events.length / 2);
  });

  it("holds from size to about twice size events before the cursor", () => {
    for (const count of [400, 401, 500, 700, events.length]) {
      const { start } = chooseGraphWindow(events, count, 128);
      expect(count - start).toBeGreaterThanOrEqual(128);
      expect(count - start).toBeLessThan(2 * 128 + 40);
    }
  });

  it("folds the whole log when its runs never end (the link from an open turn only its fold knows)", () => {
    const unended = buildLog(
      events
        .filter((event) => event.kind !== "run.finished" && event.kind !== "run.failed")
        .map(({ seq: _seq, at: _at, sessionId: _id, ...event }) => event as NewEvent),
    );
    for (const count of [400, 700, unended.length])
      expect(chooseGraphWindow(unended, count, 128)).toEqual({ start: 0, seed: null });
  });

  it("jumps back to a window seen before without folding it again", () => {
    const projector = createWindowProjector({ size: 128, keep: 2 });
    const late = projector.project(events, events.at(-1)!.seq);
    projector.project(events, events[500]!.seq);
    expect(projector.project(events, events.at(-1)!.seq)).toBe(late);
  });
});

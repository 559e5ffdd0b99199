import { describe, expect, it } from "vitest";
import type { Breakpoints } from "@/lib/trace/config";
import type { NewEvent, TraceEvent } from "@/lib/trace/events";
import { deriveRunState } from "@/lib/trace/status";
import { RunGate } from "./gate";

const NO_BREAKPOINTS: Breakpoints = {
  beforeRequest: false,
  onWireEvent: false,
  beforeExecute: false,
  afterResult: false,
  endOfTurn: false,
};

/** A gate whose events land in an array with their envelope, as the store would give them. */
function openGate(breakpoints: Partial<Breakpoints> = {}) {
  const events: TraceEvent[] = [];
  const controller = new AbortController();
  const emit = (event: NewEvent) => {
    const full = { ...event, seq: events.length, at: events.length, sessionId: "s1" } as TraceEvent;
    events.push(full);
    return full;
  };
  emit({ kind: "run.started", runId: "r1", trigger: "message" });
  const gate = new RunGate("r1", emit, { ...NO_BREAKPOINTS, ...breakpoints }, controller.signal);
  return { gate, events, controller };
}

/** Settles pending promise callbacks. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("RunGate with parallel calls paused before execute", () => {
  it("steps each waiting call in the order it paused, and the run stays paused until the last", async () => {
    const { gate, events } = openGate({ beforeExecute: true });
    const passed: string[] = [];
    for (const callId of ["a", "b", "c"])
      void gate.checkpoint("beforeExecute", { callId }).then(() => passed.push(callId));
    expect(gate.waitCount).toBe(3);
    expect(gate.pausedAt).toEqual({ reason: "breakpoint", point: "beforeExecute", callId: "a" });

    expect(gate.control("step")).toBeNull();
    await flush();
    expect(passed).toEqual(["a"]);
    expect(deriveRunState(events).status).toBe("paused");
    expect(gate.pausedAt?.callId).toBe("b");

    expect(gate.control("step")).toBeNull();
    expect(gate.control("step")).toBeNull();
    await flush();
    expect(passed).toEqual(["a", "b", "c"]);
    expect(gate.waitCount).toBe(0);
    expect(deriveRunState(events).status).toBe("running");
  });

  it("continues every waiting call at once", async () => {
    const { gate, events } = openGate({ beforeExecute: true });
    const passed: string[] = [];
    for (const callId of ["a", "b", "c"])
      void gate.checkpoint("beforeExecute", { callId }).then(() => passed.push(callId));
    expect(gate.control("continue")).toBeNull();
    await flush();
    expect(passed).toEqual(["a", "b", "c"]);
    expect(events.filter((e) => e.kind === "run.resumed").map((e) => "callId" in e && e.callId)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(deriveRunState(events).status).toBe("running");
  });

  it("rejects every wait when the run is aborted, not only the newest", async () => {
    const { gate, controller } = openGate({ beforeExecute: true });
    const outcomes = ["a", "b", "c"].map((callId) =>
      gate.checkpoint("beforeExecute", { callId }).then(
        () => "passed",
        (error: Error) => error.message,
      ),
    );
    controller.abort(new Error("interrupted by the user"));
    expect(await Promise.all(outcomes)).toEqual(Array(3).fill("interrupted by the user"));
    expect(gate.waitCount).toBe(0);
  });

  it("delivers decisions to the call they name while others wait", async () => {
    const { gate } = openGate();
    const a = gate.awaitDecision("a");
    const b = gate.awaitDecision("b");
    expect(gate.decide("b", { decision: "deny" })).toBeNull();
    expect(await b).toEqual({ decision: "deny" });
    expect(gate.decide("b", { decision: "approve" })).toBe("Call b is not waiting for a decision.");
    expect(gate.control("continue")).toBe("The run waits for a decision on call a; answer it first.");
    expect(gate.decide("a", { decision: "approve" })).toBeNull();
    expect(await a).toEqual({ decision: "approve" });
  });
});

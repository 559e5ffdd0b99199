import { describe, expect, it } from "vitest";
import type { TraceEvent } from "./events";
import { containsFields, locateSteps, matchesStep } from "./lesson-steps";

const events = [
  { seq: 1, kind: "run.started", runId: "r1" },
  { seq: 2, kind: "tool.stage", callId: "c1", stage: "validate", status: "ended", outcome: "ok" },
  { seq: 3, kind: "tool.stage", callId: "c1", stage: "preflight", status: "ended", outcome: "blocked" },
  { seq: 4, kind: "run.finished", runId: "r1" },
] as unknown as TraceEvent[];

describe("containsFields", () => {
  it("matches objects key by key, recursively", () => {
    expect(containsFields({ a: { b: 1, c: 2 }, d: 3 }, { a: { b: 1 } })).toBe(true);
    expect(containsFields({ a: { b: 1 } }, { a: { b: 2 } })).toBe(false);
    expect(containsFields({ a: 1 }, { a: { b: 1 } })).toBe(false);
    expect(containsFields(null, {})).toBe(false);
  });

  it("matches arrays and scalars by equality", () => {
    expect(containsFields({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(containsFields({ a: [1, 2, 3] }, { a: [1, 2] })).toBe(false);
    expect(containsFields("x", "x")).toBe(true);
    expect(containsFields(undefined, null)).toBe(false);
  });
});

describe("matchesStep", () => {
  it("needs the kind and the fields", () => {
    expect(matchesStep(events[2]!, { kind: "tool.stage", fields: { stage: "preflight" } })).toBe(true);
    expect(matchesStep(events[2]!, { kind: "tool.stage", fields: { stage: "execute" } })).toBe(false);
    expect(matchesStep(events[2]!, { kind: "tool.result" })).toBe(false);
  });

  it("needs every `includes` text inside its string field", () => {
    const wire = { seq: 9, kind: "wire.event", index: 3, data: '{"delta":{"type":"input_json_delta"}}' };
    const event = wire as unknown as TraceEvent;
    expect(matchesStep(event, { kind: "wire.event", includes: { data: "input_json_delta" } })).toBe(true);
    expect(matchesStep(event, { kind: "wire.event", includes: { data: "text_delta" } })).toBe(false);
    expect(matchesStep(event, { kind: "wire.event", includes: { index: "3" } })).toBe(false);
    expect(matchesStep(event, { kind: "wire.event", includes: { toString: "" } })).toBe(false);
  });
});

describe("locateSteps", () => {
  it("finds each step after the previous one", () => {
    const steps = [
      { match: { kind: "tool.stage" as const } },
      { match: { kind: "tool.stage" as const } },
      { match: { kind: "run.finished" as const } },
    ];
    expect(locateSteps(events, steps)).toEqual([2, 3, 4]);
  });

  it("gives null from the first step not yet in the log", () => {
    const steps = [
      { match: { kind: "run.finished" as const } },
      { match: { kind: "run.started" as const } },
      { match: { kind: "run.finished" as const } },
    ];
    expect(locateSteps(events, steps)).toEqual([4, null, null]);
  });
});

describe("steps match what their concept needs, not one incidental path", () => {
  const at = (seq: number) => ({ seq, at: seq, sessionId: "s1" });
  it("matches a decision that is any of the branches a person can take", () => {
    const match = { kind: "tool.decision" as const, anyOf: { decision: ["approve", "edit"] } };
    const decided = (decision: "approve" | "edit" | "deny"): TraceEvent => ({
      ...at(1),
      kind: "tool.decision",
      callId: "c1",
      decision,
    });
    expect(matchesStep(decided("approve"), match)).toBe(true);
    expect(matchesStep(decided("edit"), match)).toBe(true);
    expect(matchesStep(decided("deny"), match)).toBe(false);
  });
});

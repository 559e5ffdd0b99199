/**
 * Lesson steps match on what their concept needs: the timeout step whatever the stage's real ms,
 * the approval step whether the person approves or edits.
 */
import { describe, expect, it } from "vitest";
import type { TraceEvent } from "@/lib/trace/events";
import { matchesStep } from "@/lib/trace/lesson-steps";
import { paymentApprovalLesson } from "./course/payment-approval";
import { slowToolTimeoutLesson } from "./course/slow-tool-timeout";

const at = (seq: number) => ({ seq, at: seq, sessionId: "s1" });

describe("lesson steps match every branch a run can take", () => {
  it("finds the timeout lesson's error step whatever the execute stage's real ms", () => {
    const step = slowToolTimeoutLesson.steps.find(
      (candidate) => candidate.match.kind === "tool.stage" && candidate.match.fields?.status === "error",
    );
    const ended = (ms: number): TraceEvent => ({
      ...at(2),
      kind: "tool.stage",
      callId: "c2",
      stage: "execute",
      status: "error",
      ms,
    });
    expect(step && matchesStep(ended(3004), step.match)).toBe(true);
    expect(step && matchesStep(ended(3000), step.match)).toBe(true);
  });

  it("follows the payment lesson through an Edit as through an Approve", () => {
    const step = paymentApprovalLesson.steps.find((candidate) => candidate.match.kind === "tool.decision");
    const edit: TraceEvent = {
      ...at(3),
      kind: "tool.decision",
      callId: "c1",
      decision: "edit",
      arguments: {},
    };
    expect(step && matchesStep(edit, step.match)).toBe(true);
  });
});

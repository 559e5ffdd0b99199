import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "@/lib/trace/config";
import type { NewEvent } from "@/lib/trace/events";
import { EMPTY_WORKSPACE } from "@/lib/trace/workspace";
import { idempotencyGuard } from "./idempotency-guard";
import { buildLog, sessionCreated, toolCall, turnCompleted } from "@/lib/trace/testing/build-log";
import { CHARGE_CARD, executed } from "./testing/policy-tools";

const charge = (id: string, amount: number) => turnCompleted(1, [toolCall(id, "charge_card", { amount })]);

function checkCharge(events: NewEvent[], amount = 5, tool: ToolDefinition = CHARGE_CARD) {
  return idempotencyGuard.check({
    call: { id: "now", name: "charge_card", arguments: { amount } },
    tool,
    log: buildLog([sessionCreated({ tools: [CHARGE_CARD] }), ...events, charge("now", amount)]),
    workspace: EMPTY_WORKSPACE,
  });
}

describe("idempotency-guard", () => {
  it("asks for approval when an identical non-idempotent call already ran", () => {
    expect(checkCharge([charge("c1", 5), executed("c1", "ok")])).toEqual({
      action: "require-approval",
      reason:
        "An identical `charge_card` call already ran (call c1); running it again repeats its side effect.",
    });
  });

  it("counts an execute that ended in error, and names the latest repeat", () => {
    const log = [charge("c1", 5), executed("c1", "ok"), charge("c2", 5), executed("c2", "error")];
    expect(checkCharge(log)).toMatchObject({ reason: expect.stringContaining("(call c2)") });
  });

  it("allows a call with different arguments", () => {
    expect(checkCharge([charge("c1", 6), executed("c1", "ok")])).toEqual({ action: "allow" });
  });

  it("allows a repeat that never executed (blocked or skipped)", () => {
    const log = [charge("c1", 5), executed("c1", "blocked"), charge("c2", 5), executed("c2", "skipped")];
    expect(checkCharge(log)).toEqual({ action: "allow" });
  });

  it("uses a person's edited arguments for the earlier call", () => {
    const edit: NewEvent = {
      kind: "tool.decision",
      callId: "c1",
      decision: "edit",
      arguments: { amount: 5 },
    };
    expect(checkCharge([charge("c1", 500), edit, executed("c1", "ok")]).action).toBe("require-approval");
  });

  it("allows any repeat of a tool marked idempotent", () => {
    const tool = { ...CHARGE_CARD, meta: { idempotent: true } };
    expect(checkCharge([charge("c1", 5), executed("c1", "ok")], 5, tool)).toEqual({ action: "allow" });
  });

  it("throws on a log whose execute stage names a call no turn recorded", () => {
    expect(() => checkCharge([executed("ghost", "ok")])).toThrow(
      "tool.stage at seq 1 names call ghost, which no turn.completed holds",
    );
  });
});

import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectWorkspace } from "@/lib/trace/workspace";
import { idempotentPaymentLesson } from "./idempotent-payment";

const CHARGED = {
  tool: "charge_card",
  action: "card.charged",
  orderId: "ord_0001",
  amount: 24,
  currency: "GBP",
};

/** The charge_card calls of the log, in order. */
function listCharges(events: Awaited<ReturnType<typeof runLesson>>["events"]) {
  return only(events, "turn.completed").flatMap((e) =>
    e.unified.content.flatMap((b) => (b.type === "toolCall" && b.name === "charge_card" ? [b] : [])),
  );
}

describe("lesson idempotent-payment: the idempotency guard asks before an identical charge runs again", () => {
  it(
    "asks a person for the repeated charge; denied, the ledger keeps one charge",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("idempotent-payment", { decide: { decision: "deny" } });
      const [firstCharge, repeat] = listCharges(events);
      expect(repeat!.arguments).toEqual(firstCharge!.arguments);
      expect(firstCharge!.arguments).toEqual({ order_id: "ord_0001", amount: 24, currency: "GBP" });

      const stages = only(events, "tool.stage").filter(
        (e) => e.callId === repeat!.id && e.status !== "running",
      );
      expect(stages.map((e) => `${e.stage} ${e.status}`)).toEqual([
        "lookup ok",
        "prepare ok",
        "validate ok",
        "preflight ok",
        "approval waiting",
        "approval blocked",
        "normalize ok",
      ]);
      const reason = `An identical \`charge_card\` call already ran (call ${firstCharge!.id}); running it again repeats its side effect.`;
      expect(stages[3]!.output).toBe(
        "workspace-confinement: no path arguments; rule charges-auto-approved matched: allow; hook idempotency-guard: require-approval; default approval: skipped, rule charges-auto-approved allowed the call",
      );
      expect(stages[4]!.output).toBe(`idempotency-guard: ${reason}`);
      // The first charge was allowed by the rule and not held: the guard is what stops the repeat.
      expect(
        only(events, "tool.stage").filter((e) => e.stage === "approval" && e.status === "waiting"),
      ).toHaveLength(1);

      const decision = only(events, "tool.decision");
      expect(decision.map((e) => [e.callId, e.decision])).toEqual([[repeat!.id, "deny"]]);
      const result = only(events, "tool.result").find((e) => e.callId === repeat!.id)!;
      expect(result).toMatchObject({
        isError: true,
        errorKind: "denied_by_user",
        content: "The person denied this call. Nothing ran.",
      });
      expect(projectWorkspace(events).ledger.filter((entry) => entry.tool === "charge_card")).toEqual([
        { ...CHARGED, chargeId: "ch_0001" },
      ]);

      const charged = only(events, "workspace.changed").find((e) => e.callId === firstCharge!.id)!;
      expect(locateSteps(events, idempotentPaymentLesson.steps)).toEqual([
        charged.seq,
        stages[3]!.seq,
        stages[4]!.seq,
        decision[0]!.seq,
        result.seq,
      ]);
    },
  );

  it("approved anyway, the card is charged twice: the guard only asks", { timeout: 30_000 }, async () => {
    const { events } = await runLesson("idempotent-payment", { lang: "zh" });
    const [firstCharge, repeat] = listCharges(events);
    const decisions = only(events, "tool.decision");
    expect(decisions.map((e) => [e.callId, e.decision])).toEqual([[repeat!.id, "approve"]]);
    expect(projectWorkspace(events).ledger.filter((entry) => entry.tool === "charge_card")).toEqual([
      { ...CHARGED, chargeId: "ch_0001" },
      { ...CHARGED, chargeId: "ch_0002" },
    ]);
    const stage = (stageName: string, status: string) =>
      only(events, "tool.stage").find(
        (e) => e.callId === repeat!.id && e.stage === stageName && e.status === status,
      )!;
    expect(locateSteps(events, idempotentPaymentLesson.steps)).toEqual([
      only(events, "workspace.changed").find((e) => e.callId === firstCharge!.id)!.seq,
      stage("preflight", "ok").seq,
      stage("approval", "waiting").seq,
      decisions[0]!.seq,
      only(events, "tool.result").find((e) => e.callId === repeat!.id)!.seq,
    ]);
  });
});

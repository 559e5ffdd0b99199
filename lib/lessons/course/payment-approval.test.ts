import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectWorkspace } from "@/lib/trace/workspace";
import { paymentApprovalLesson } from "./payment-approval";

const REASON =
  "default-approval: `charge_card` is marked destructive and as needing approval, so a person approves each call before it runs.";

describe("lesson payment-approval: charge_card waits for a person before it runs", () => {
  it(
    "pauses at approval, runs the charge only after the approval, and records it",
    { timeout: 30_000 },
    async () => {
      const { events } = await runLesson("payment-approval");

      const [order, charge] = only(events, "tool.result");
      expect(order).toMatchObject({ name: "create_order", isError: false });
      expect(charge).toMatchObject({
        name: "charge_card",
        isError: false,
        content:
          '{"charge_id":"ch_0001","order_id":"ord_0001","amount":24,"currency":"GBP","status":"succeeded"}',
      });
      const approvals = only(events, "tool.stage").filter((e) => e.stage === "approval");
      expect(approvals.map((e) => [e.callId, e.status, e.output ?? e.input])).toEqual([
        [order!.callId, "skipped", "not required"],
        [charge!.callId, "running", REASON],
        [charge!.callId, "waiting", REASON],
        [charge!.callId, "ok", "approved"],
      ]);

      const chargeEvents = events.filter(
        (e) =>
          ("callId" in e && e.callId === charge!.callId) ||
          e.kind === "run.paused" ||
          e.kind === "run.resumed",
      );
      const story = chargeEvents
        .filter((e) => e.kind !== "tool.stage" || ["approval", "execute"].includes(e.stage))
        .map((e) => (e.kind === "tool.stage" ? `${e.stage} ${e.status}` : e.kind));
      expect(story).toEqual([
        "approval running",
        "approval waiting",
        "run.paused",
        "run.resumed",
        "tool.decision",
        "approval ok",
        "execute running",
        "workspace.changed",
        "execute ok",
        "tool.result",
      ]);
      expect(only(events, "run.paused")).toEqual([
        expect.objectContaining({ reason: "approval", callId: charge!.callId }),
      ]);
      expect(only(events, "tool.decision")).toEqual([
        expect.objectContaining({ callId: charge!.callId, decision: "approve" }),
      ]);
      expect(projectWorkspace(events).ledger).toEqual([
        {
          tool: "create_order",
          action: "order.created",
          orderId: "ord_0001",
          customer: "Ada Lovelace",
          items: [{ sku: "MUG-01", quantity: 2 }],
          currency: "GBP",
        },
        {
          tool: "charge_card",
          action: "card.charged",
          chargeId: "ch_0001",
          orderId: "ord_0001",
          amount: 24,
          currency: "GBP",
        },
      ]);
      expect(events.at(-1)).toMatchObject({ kind: "run.finished", reason: "end_turn" });
      expect(locateSteps(events, paymentApprovalLesson.steps)).not.toContain(null);
    },
  );
});

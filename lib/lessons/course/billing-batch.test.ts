import { describe, expect, it } from "vitest";
import { only } from "@/lib/agent/testing/offline-runtime";
import { runLesson } from "@/lib/lessons/testing/run-lesson";
import { locateSteps } from "@/lib/trace/lesson-steps";
import { projectWorkspace } from "@/lib/trace/workspace";
import { billingBatchLesson } from "./billing-batch";

const INVALID_AMOUNT =
  'The arguments for `charge_card` do not match its input_schema:\n`amount` must be a number, got string "24,00"\nNothing ran.';
const ORDER = {
  tool: "create_order",
  action: "order.created",
  orderId: "ord_0001",
  customer: "Ada Lovelace",
  items: [{ sku: "MUG-01", quantity: 2 }],
  currency: "GBP",
};
const RECEIPT = {
  tool: "send_receipt",
  action: "receipt.sent",
  receiptId: "rcpt_0001",
  orderId: "ord_0001",
  email: "ada@example.com",
  amountCharged: 0,
  currency: "GBP",
};

describe("lesson billing-batch: the same batch under all-or-nothing, then independent", () => {
  it(
    "runs nothing under all-or-nothing; under independent the order and receipt happen and the charge fails",
    { timeout: 30_000 },
    async () => {
      const { events, afterEachMessage } = await runLesson("billing-batch");
      expect(afterEachMessage).toHaveLength(2);
      const before = afterEachMessage[0]!;
      const after = events.slice(before.length);

      // All-or-nothing: every call checked, nobody asked to approve, nothing executed, ledger empty.
      expect(only(before, "batch.planned").map((e) => e.policy)).toEqual(["all-or-nothing"]);
      const stagesBefore = only(before, "tool.stage");
      expect(stagesBefore.filter((e) => e.stage === "execute")).toEqual([]);
      expect(stagesBefore.filter((e) => e.stage === "approval")).toEqual([]);
      expect(only(before, "workspace.changed")).toEqual([]);
      expect(projectWorkspace(before).ledger).toEqual([]);
      const charge = only(before, "tool.result").find((e) => e.name === "charge_card")!;
      const aborted = `Not run: this batch runs all-or-nothing, and call ${charge.callId} (\`charge_card\`) failed its checks. Nothing in the batch ran; fix that call and resend the whole batch.`;
      expect(
        only(before, "tool.result").map(({ name, content, errorKind }) => ({ name, content, errorKind })),
      ).toEqual([
        { name: "charge_card", content: INVALID_AMOUNT, errorKind: "schema_validation_error" },
        { name: "create_order", content: aborted, errorKind: "batch_aborted" },
        { name: "send_receipt", content: aborted, errorKind: "batch_aborted" },
      ]);

      // The second message switches the policy; the same three calls now run one by one.
      expect(only(before, "session.configured")).toEqual([]);
      expect(only(after, "session.configured").map((e) => e.changes)).toEqual([
        { policy: { before: { batch: "all-or-nothing" }, after: { batch: "independent" } } },
      ]);
      expect(only(after, "batch.planned").map((e) => e.policy)).toEqual(["independent"]);
      expect(
        only(after, "tool.result").map(({ name, isError, errorKind }) => ({ name, isError, errorKind })),
      ).toEqual([
        { name: "create_order", isError: false, errorKind: undefined },
        { name: "charge_card", isError: true, errorKind: "schema_validation_error" },
        { name: "send_receipt", isError: false, errorKind: undefined },
      ]);
      expect(
        only(after, "tool.stage").filter((e) => e.stage === "execute" && e.status !== "running").length,
      ).toBe(2);
      expect(only(after, "workspace.changed").map((e) => e.change)).toEqual([
        { type: "ledger", entry: ORDER },
        { type: "ledger", entry: RECEIPT },
      ]);
      expect(projectWorkspace(events).ledger).toEqual([ORDER, RECEIPT]);
      expect(only(events, "run.finished").map((e) => e.reason)).toEqual(["end_turn", "end_turn"]);
      expect(locateSteps(events, billingBatchLesson.steps)).not.toContain(null);
    },
  );
});

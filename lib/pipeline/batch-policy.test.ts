import { describe, expect, it } from "vitest";
import { runPipeline, toolCall } from "./testing/pipeline-harness";

const billingBatch = [
  toolCall("order", "create_order", {
    customer: "ada@example.com",
    items: [{ sku: "book", quantity: 1 }],
    currency: "USD",
  }),
  toolCall("charge", "charge_card", { order_id: "ord_0001", amount: "twelve", currency: "USD" }),
  toolCall("receipt", "send_receipt", { order_id: "ord_0001", email: "ada@example.com" }),
];

describe("batch policy", () => {
  it("all-or-nothing: one invalid call means nothing executes and the ledger is unchanged", async () => {
    const { batch, only, workspace } = await runPipeline(billingBatch);
    expect(batch.results.map((r) => r.errorKind)).toEqual([
      "batch_aborted",
      "schema_validation_error",
      "batch_aborted",
    ]);
    expect(batch.decision).toBe("aborted");
    expect(only("tool.stage").filter((e) => e.stage === "execute")).toEqual([]);
    expect(only("tool.stage").filter((e) => e.stage === "approval")).toEqual([]);
    expect(workspace.ledger).toEqual([]);
    expect(batch.results[0]!.content).toBe(
      "Not run: this batch runs all-or-nothing, and call charge (`charge_card`) failed its checks. Nothing in the batch ran; fix that call and resend the whole batch.",
    );
  });

  it("independent: the order and the receipt happen although the charge failed — the ledger shows it", async () => {
    const { batch, workspace } = await runPipeline(billingBatch, { policy: { batch: "independent" } });
    expect(batch.results.map((r) => [r.isError, r.errorKind])).toEqual([
      [false, undefined],
      [true, "schema_validation_error"],
      [false, undefined],
    ]);
    expect(workspace.ledger.map((entry) => entry.tool)).toEqual(["create_order", "send_receipt"]);
  });

  it("all-or-nothing: a denial aborts the rest before anything runs", async () => {
    const calls = [
      toolCall("order", "create_order", {
        customer: "ada@example.com",
        items: [{ sku: "book", quantity: 1 }],
        currency: "USD",
      }),
      toolCall("charge", "charge_card", { order_id: "ord_0001", amount: 12.5, currency: "USD" }),
    ];
    const { batch, workspace } = await runPipeline(calls, { decisions: { charge: { decision: "deny" } } });
    expect(batch.results.map((r) => r.errorKind)).toEqual(["batch_aborted", "denied_by_user"]);
    expect(workspace.ledger).toEqual([]);
  });
});

describe("scheduling", () => {
  it("overlaps read-only, concurrency-safe calls and runs every other call alone, in order", async () => {
    const calls = [
      toolCall("r1", "read_file", { path: "README.md" }),
      toolCall("r2", "list_dir", { path: "notes" }),
      toolCall("w", "write_file", { path: "notes/new.md", content: "x" }),
      toolCall("r3", "read_file", { path: "notes/new.md" }),
    ];
    const { batch, only } = await runPipeline(calls, {
      policy: { rules: [{ id: "ok", stage: "preflight", tool: "*", action: "allow" }] },
    });
    expect(batch.schedule).toEqual([["r1", "r2"], ["w"], ["r3"]]);
    const executes = only("tool.stage")
      .filter((e) => e.stage === "execute")
      .map((e) => `${e.callId}:${e.status}`);
    expect(executes).toEqual([
      "r1:running",
      "r2:running",
      "r1:ok",
      "r2:ok",
      "w:running",
      "w:ok",
      "r3:running",
      "r3:ok",
    ]);
    expect(batch.results[3]).toMatchObject({ isError: false, content: "x" });
  });

  it("keeps results in call order when the calls finish in another order", async () => {
    const calls = [
      toolCall("slow", "slow_task", { steps: 3, stepMs: 100 }),
      toolCall("fast", "read_file", { path: "README.md" }),
    ];
    const { batch, only } = await runPipeline(calls);
    expect(only("tool.result").map((e) => e.callId)).toEqual(["fast", "slow"]);
    expect(batch.results.map((r) => r.toolCallId)).toEqual(["slow", "fast"]);
  });
});

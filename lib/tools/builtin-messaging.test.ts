import { describe, expect, test } from "vitest";
import { createOrder } from "./builtin-billing";
import { chargeCard } from "./builtin-charge-card";
import { sendNotification, sendReceipt } from "./builtin-messaging";
import { createToolSession } from "./testing/create-tool-session";

const ORDER = { customer: "Grace Hopper", items: [{ sku: "TEE-M", quantity: 1 }], currency: "USD" };

describe("send_receipt", () => {
  test("sends a receipt for an existing order with the amount charged so far, each time it is called", async () => {
    const session = createToolSession();
    await session.run(createOrder, ORDER);
    expect(await session.run(sendReceipt, { order_id: "ord_0001", email: "grace@example.com" })).toEqual({
      content:
        '{"receipt_id":"rcpt_0001","order_id":"ord_0001","email":"grace@example.com","amount_charged":0,"currency":"USD","status":"sent"}',
      isError: false,
    });
    await session.run(chargeCard, { order_id: "ord_0001", amount: 12.1, currency: "USD" });
    await session.run(chargeCard, { order_id: "ord_0001", amount: 0.2, currency: "USD" });
    expect(
      JSON.parse((await session.run(sendReceipt, { order_id: "ord_0001", email: "g@example.com" })).content),
    ).toEqual({
      receipt_id: "rcpt_0002",
      order_id: "ord_0001",
      email: "g@example.com",
      amount_charged: 12.3,
      currency: "USD",
      status: "sent",
    });
    expect(session.workspace.ledger.filter((entry) => entry.tool === "send_receipt")).toEqual([
      {
        tool: "send_receipt",
        action: "receipt.sent",
        receiptId: "rcpt_0001",
        orderId: "ord_0001",
        email: "grace@example.com",
        amountCharged: 0,
        currency: "USD",
      },
      expect.objectContaining({ receiptId: "rcpt_0002", amountCharged: 12.3 }),
    ]);
  });

  test("fails for an order that does not exist or a malformed e-mail, sending nothing", async () => {
    const session = createToolSession();
    expect(await session.run(sendReceipt, { order_id: "ord_0001", email: "a@example.com" })).toEqual({
      content:
        'No order "ord_0001" exists in this session. No order exists yet. Create one with create_order first. Nothing was done.',
      isError: true,
    });
    expect(await session.run(sendReceipt, { order_id: "ord_0001", email: "not-an-email" })).toEqual({
      content: '"not-an-email" is not an e-mail address. Nothing was sent.',
      isError: true,
    });
    expect(session.changes).toEqual([]);
  });
});

describe("send_notification", () => {
  test("sends on each channel and records every message, repeats included", async () => {
    const session = createToolSession();
    const slack = { channel: "slack", to: "#billing", message: "Order shipped" };
    expect(await session.run(sendNotification, slack)).toEqual({
      content: '{"notification_id":"ntf_0001","channel":"slack","to":"#billing","status":"sent"}',
      isError: false,
    });
    await session.run(sendNotification, slack);
    await session.run(sendNotification, { channel: "sms", to: "+14155550123", message: "Hi" });
    await session.run(sendNotification, { channel: "email", to: "ada@example.com", message: "Hi" });
    expect(session.workspace.ledger).toEqual([
      { tool: "send_notification", action: "notification.sent", notificationId: "ntf_0001", ...slack },
      { tool: "send_notification", action: "notification.sent", notificationId: "ntf_0002", ...slack },
      expect.objectContaining({ notificationId: "ntf_0003", channel: "sms" }),
      expect.objectContaining({ notificationId: "ntf_0004", channel: "email" }),
    ]);
  });

  test.each([
    [
      "email",
      "bob",
      'On email, `to` must be an e-mail address like ada@example.com; got "bob". Nothing was sent.',
    ],
    [
      "sms",
      "555-0123",
      'On sms, `to` must be a phone number in E.164 form like +14155550123; got "555-0123". Nothing was sent.',
    ],
    [
      "slack",
      "billing",
      'On slack, `to` must be a #channel or @person like #billing; got "billing". Nothing was sent.',
    ],
  ])("checks the recipient's shape for %s", async (channel, to, message) => {
    const session = createToolSession();
    expect(await session.run(sendNotification, { channel, to, message: "Hi" })).toEqual({
      content: message,
      isError: true,
    });
    expect(session.changes).toEqual([]);
  });

  test("refuses an unknown channel and a blank message", async () => {
    const session = createToolSession();
    expect(await session.run(sendNotification, { channel: "pigeon", to: "#x", message: "Hi" })).toEqual({
      content: '`channel` must be one of email, sms, slack; got "pigeon".',
      isError: true,
    });
    expect(await session.run(sendNotification, { channel: "slack", to: "#x", message: "   " })).toEqual({
      content: "`message` must be 1 to 1000 characters and not blank. Nothing was sent.",
      isError: true,
    });
    expect(
      await session.run(sendNotification, { channel: "__proto__", to: "#x", message: "Hi" }),
    ).toMatchObject({
      isError: true,
    });
    expect(session.changes).toEqual([]);
  });
});

import { describe, expect, test } from "vitest";
import { createOrder } from "./builtin-billing";
import { CARD_LIMIT, chargeCard } from "./builtin-charge-card";
import { createToolSession } from "./testing/create-tool-session";

const ORDER = { customer: "Ada Lovelace", items: [{ sku: "MUG-01", quantity: 2 }], currency: "EUR" };

describe("create_order", () => {
  test("records each order in the ledger with an id numbered from the ledger", async () => {
    const session = createToolSession({
      ledger: [{ tool: "flaky_tool", action: "attempt", input: "", attempt: 1 }],
    });
    expect(await session.run(createOrder, ORDER)).toEqual({
      content:
        '{"order_id":"ord_0001","status":"created","customer":"Ada Lovelace","items":[{"sku":"MUG-01","quantity":2}],"currency":"EUR"}',
      isError: false,
    });
    // Not idempotent: the same arguments again make a second order.
    expect(JSON.parse((await session.run(createOrder, ORDER)).content)).toMatchObject({
      order_id: "ord_0002",
    });
    expect(session.changes).toEqual([
      {
        type: "ledger",
        entry: {
          tool: "create_order",
          action: "order.created",
          orderId: "ord_0001",
          customer: "Ada Lovelace",
          items: [{ sku: "MUG-01", quantity: 2 }],
          currency: "EUR",
        },
      },
      { type: "ledger", entry: expect.objectContaining({ orderId: "ord_0002" }) },
    ]);
  });

  test.each([
    [{ ...ORDER, items: [] }, "`items` must be an array of 1 to 50 {sku, quantity} objects."],
    [{ ...ORDER, items: "MUG-01" }, "`items` must be an array of 1 to 50 {sku, quantity} objects."],
    [{ ...ORDER, items: [{ sku: "", quantity: 1 }] }, "`items[0].sku` must be a non-empty string."],
    [
      {
        ...ORDER,
        items: [
          { sku: "A", quantity: 1 },
          { sku: "B", quantity: 0 },
        ],
      },
      "`items[1].quantity` must be an integer from 1 to 1000.",
    ],
    [{ ...ORDER, items: [null] }, "`items[0].sku` must be a non-empty string."],
    [
      { ...ORDER, items: [JSON.parse('{"__proto__": {"sku": "A", "quantity": 1}}')] },
      "`items[0].sku` must be a non-empty string.",
    ],
    [{ ...ORDER, currency: "JPY" }, '`currency` must be one of USD, EUR, GBP; got "JPY".'],
    [{ ...ORDER, customer: "  " }, "`customer` must not be empty. Nothing was created."],
    [{ items: ORDER.items, currency: "EUR" }, "`customer` is required."],
  ])("refuses %j without recording anything", async (args, message) => {
    const session = createToolSession();
    expect(await session.run(createOrder, args as Record<string, unknown>)).toEqual({
      content: message,
      isError: true,
    });
    expect(session.changes).toEqual([]);
  });
});

describe("charge_card", () => {
  /** A session holding order ord_0001 in EUR. */
  async function createSessionWithOrder() {
    const session = createToolSession();
    await session.run(createOrder, ORDER);
    return session;
  }

  test("charges an existing order, and charges again when called again", async () => {
    const session = await createSessionWithOrder();
    const charge = { order_id: "ord_0001", amount: 19.99, currency: "EUR" };
    expect(await session.run(chargeCard, charge)).toEqual({
      content:
        '{"charge_id":"ch_0001","order_id":"ord_0001","amount":19.99,"currency":"EUR","status":"succeeded"}',
      isError: false,
    });
    expect(JSON.parse((await session.run(chargeCard, charge)).content)).toMatchObject({
      charge_id: "ch_0002",
    });
    expect(session.workspace.ledger.slice(1)).toEqual([
      {
        tool: "charge_card",
        action: "card.charged",
        chargeId: "ch_0001",
        orderId: "ord_0001",
        amount: 19.99,
        currency: "EUR",
      },
      {
        tool: "charge_card",
        action: "card.charged",
        chargeId: "ch_0002",
        orderId: "ord_0001",
        amount: 19.99,
        currency: "EUR",
      },
    ]);
  });

  test("fails when the order does not exist, naming the ones that do, and charges nothing", async () => {
    const session = await createSessionWithOrder();
    expect(await session.run(chargeCard, { order_id: "ord_0009", amount: 5, currency: "EUR" })).toEqual({
      content:
        'No order "ord_0009" exists in this session. Orders in this session: ord_0001. Create one with create_order first. Nothing was done.',
      isError: true,
    });
    const empty = createToolSession();
    expect((await empty.run(chargeCard, { order_id: "ord_0001", amount: 5, currency: "EUR" })).content).toBe(
      'No order "ord_0001" exists in this session. No order exists yet. Create one with create_order first. Nothing was done.',
    );
    expect(session.changes).toHaveLength(1);
    expect(empty.changes).toEqual([]);
  });

  test("fails on a currency that is not the order's", async () => {
    const session = await createSessionWithOrder();
    expect(await session.run(chargeCard, { order_id: "ord_0001", amount: 5, currency: "USD" })).toEqual({
      content: "Order ord_0001 is in EUR; charge it in EUR, not USD. Nothing was charged.",
      isError: true,
    });
    expect(session.changes).toHaveLength(1);
  });

  test("declines an amount over the card limit, and the declined attempt is in the ledger", async () => {
    const session = await createSessionWithOrder();
    const result = await session.run(chargeCard, {
      order_id: "ord_0001",
      amount: CARD_LIMIT + 0.01,
      currency: "EUR",
    });
    expect(result).toEqual({
      content:
        "Card declined (charge ch_0001): 10000.01 EUR is over the card's limit of 10000 EUR. Nothing was charged; the declined attempt is recorded.",
      isError: true,
    });
    expect(session.workspace.ledger.at(-1)).toEqual({
      tool: "charge_card",
      action: "charge.declined",
      chargeId: "ch_0001",
      orderId: "ord_0001",
      amount: 10000.01,
      currency: "EUR",
      reason: "over_limit",
    });
  });

  test.each([0, -5, 1.234, Number.NaN, "10", 2_000_000])("refuses the amount %j", async (amount) => {
    const session = await createSessionWithOrder();
    expect(await session.run(chargeCard, { order_id: "ord_0001", amount, currency: "EUR" })).toEqual({
      content:
        "`amount` must be a number above 0, at most 1000000, with at most 2 decimals. Nothing was charged.",
      isError: true,
    });
  });

  test("accepts amounts with cents despite binary floating point, and records whole cents", async () => {
    const session = await createSessionWithOrder();
    for (const amount of [0.01, 0.1 + 0.2, 1.15, 99.99]) {
      expect((await session.run(chargeCard, { order_id: "ord_0001", amount, currency: "EUR" })).isError).toBe(
        false,
      );
    }
    expect(session.workspace.ledger.slice(1).map((entry) => entry.amount)).toEqual([0.01, 0.3, 1.15, 99.99]);
  });

  test("declares itself destructive, needing approval, and not idempotent", () => {
    expect(chargeCard.definition.meta).toEqual({
      readOnly: false,
      destructive: true,
      idempotent: false,
      concurrencySafe: false,
      needsApproval: true,
      timeoutMs: 5000,
    });
  });
});

import "server-only";
import { createNextId, CURRENCIES, describeMissingOrder, findOrder, hasCents } from "./billing-ledger";
import { defineTool } from "./define-tool";
import { acceptArguments, fail, readArgument, requireChoice, requireString, succeed } from "./tool-arguments";

/** Charges above this amount are declined (the attempt is still recorded). */
export const CARD_LIMIT = 10_000;

/**
 * `charge_card`: charges an existing order's card. Needs approval (it moves money) and is not
 * idempotent: two calls charge twice. Unknown orders and currency mismatches fail before anything
 * is charged; an amount over the card limit is declined, and the declined attempt is recorded.
 * Its metadata is `defineTool`'s defaults, the riskiest kind: destructive, needing approval.
 */
export const chargeCard = defineTool({
  name: "charge_card",
  description: `Charge the customer's card for an existing order. It moves money (here, an entry in the sandbox ledger), so it needs approval, and it is not idempotent: calling it twice charges twice. The order must exist (create_order) and the currency must match the order's. Charges over ${CARD_LIMIT.toLocaleString("en-US")} are declined, and the declined attempt is recorded too.`,
  input_schema: {
    type: "object",
    properties: {
      order_id: {
        type: "string",
        pattern: "^ord_[0-9]+$",
        description: "The order to charge, as create_order returned it, e.g. ord_0001.",
      },
      amount: {
        type: "number",
        exclusiveMinimum: 0,
        maximum: 1_000_000,
        description: "The amount in the currency's main unit, e.g. 49.99; more than 0, at most 2 decimals.",
      },
      currency: { type: "string", enum: [...CURRENCIES], description: "Must be the order's currency." },
    },
    required: ["order_id", "amount", "currency"],
    additionalProperties: false,
  },
  execute: acceptArguments((args, { workspace, recordChange }) => {
    const orderId = requireString(args, "order_id");
    const raw = readArgument(args, "amount");
    const currency = requireChoice(args, "currency", CURRENCIES);
    if (typeof raw !== "number" || !Number.isFinite(raw) || raw <= 0 || raw > 1_000_000 || !hasCents(raw))
      return fail(
        "`amount` must be a number above 0, at most 1000000, with at most 2 decimals. Nothing was charged.",
      );
    const order = findOrder(workspace.ledger, orderId);
    if (!order) return fail(describeMissingOrder(workspace.ledger, orderId));
    if (order.currency !== currency)
      return fail(
        `Order ${orderId} is in ${order.currency}; charge it in ${order.currency}, not ${currency}. Nothing was charged.`,
      );
    const chargeId = createNextId(workspace.ledger, "charge_card", "ch");
    // 0.1 + 0.2 is recorded as 0.3: the ledger holds whole cents.
    const amount = Math.round(raw * 100) / 100;
    const details = { chargeId, orderId, amount, currency };
    if (amount > CARD_LIMIT) {
      recordChange({
        type: "ledger",
        entry: { tool: "charge_card", action: "charge.declined", ...details, reason: "over_limit" },
      });
      return fail(
        `Card declined (charge ${chargeId}): ${amount} ${currency} is over the card's limit of ${CARD_LIMIT} ${currency}. Nothing was charged; the declined attempt is recorded.`,
      );
    }
    recordChange({ type: "ledger", entry: { tool: "charge_card", action: "card.charged", ...details } });
    return succeed(
      JSON.stringify({ charge_id: chargeId, order_id: orderId, amount, currency, status: "succeeded" }),
    );
  }),
});

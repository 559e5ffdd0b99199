import "server-only";
import { createNextId, CURRENCIES, type OrderCreated, type OrderItem } from "./billing-ledger";
import { defineTool } from "./define-tool";
import {
  acceptArguments,
  fail,
  readArgument,
  rejectArgument,
  requireChoice,
  requireString,
  succeed,
} from "./tool-arguments";

/** The `items` argument, checked item by item. */
function readItems(args: Record<string, unknown>): OrderItem[] {
  const items = readArgument(args, "items");
  if (!Array.isArray(items) || items.length === 0 || items.length > 50)
    return rejectArgument("`items` must be an array of 1 to 50 {sku, quantity} objects.");
  return items.map((item: unknown, index) => {
    const record = typeof item === "object" && item !== null ? (item as Record<string, unknown>) : {};
    const sku = readArgument(record, "sku");
    const quantity = readArgument(record, "quantity");
    if (typeof sku !== "string" || sku.trim() === "")
      return rejectArgument(`\`items[${index}].sku\` must be a non-empty string.`);
    if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > 1000)
      return rejectArgument(`\`items[${index}].quantity\` must be an integer from 1 to 1000.`);
    return { sku, quantity };
  });
}

/**
 * `create_order`: records a new order in the ledger and returns its id. Not idempotent: the same
 * arguments twice make two orders.
 */
export const createOrder = defineTool({
  name: "create_order",
  description:
    "Create a new order for a customer and return its id (ord_0001, ord_0002, … in this session). A hard side effect recorded in the ledger: every call creates another order, even with identical arguments. It takes no payment.",
  input_schema: {
    type: "object",
    properties: {
      customer: {
        type: "string",
        minLength: 1,
        maxLength: 200,
        description: "The customer's name or id, e.g. Ada Lovelace.",
      },
      items: {
        type: "array",
        minItems: 1,
        maxItems: 50,
        description: "What is ordered, one entry per product.",
        items: {
          type: "object",
          properties: {
            sku: {
              type: "string",
              minLength: 1,
              maxLength: 64,
              description: "The product's stock-keeping unit, e.g. MUG-01.",
            },
            quantity: { type: "integer", minimum: 1, maximum: 1000, description: "How many, 1 to 1000." },
          },
          required: ["sku", "quantity"],
          additionalProperties: false,
        },
      },
      currency: {
        type: "string",
        enum: [...CURRENCIES],
        description: "The currency the order is priced and paid in.",
      },
    },
    required: ["customer", "items", "currency"],
    additionalProperties: false,
  },
  meta: { destructive: false },
  execute: acceptArguments((args, { workspace, recordChange }) => {
    const customer = requireString(args, "customer");
    if (customer.trim() === "") return fail("`customer` must not be empty. Nothing was created.");
    const items = readItems(args);
    const currency = requireChoice(args, "currency", CURRENCIES);
    const orderId = createNextId(workspace.ledger, "create_order", "ord");
    const entry: OrderCreated = {
      tool: "create_order",
      action: "order.created",
      orderId,
      customer,
      items,
      currency,
    };
    recordChange({ type: "ledger", entry });
    return succeed(JSON.stringify({ order_id: orderId, status: "created", customer, items, currency }));
  }),
});

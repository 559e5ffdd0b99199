import "server-only";
import {
  createNextId,
  describeMissingOrder,
  EMAIL_PATTERN,
  findOrder,
  sumChargedCents,
} from "./billing-ledger";
import { defineTool } from "./define-tool";
import { acceptArguments, fail, requireChoice, requireString, succeed } from "./tool-arguments";

const CHANNELS = ["email", "sms", "slack"] as const;
type Channel = (typeof CHANNELS)[number];

/** What `to` must look like on each channel, and how to say so. */
const RECIPIENTS: ReadonlyMap<Channel, { pattern: RegExp; example: string }> = new Map([
  ["email", { pattern: EMAIL_PATTERN, example: "an e-mail address like ada@example.com" }],
  ["sms", { pattern: /^\+[1-9][0-9]{6,14}$/, example: "a phone number in E.164 form like +14155550123" }],
  ["slack", { pattern: /^[#@][A-Za-z0-9._-]{1,80}$/, example: "a #channel or @person like #billing" }],
]);

/**
 * `send_receipt`: e-mails the receipt of an existing order, saying how much has been charged so
 * far. Not idempotent: each call sends another e-mail, and each lands in the ledger.
 */
export const sendReceipt = defineTool({
  name: "send_receipt",
  description:
    "E-mail the receipt for an existing order to the customer, with the amount charged so far. A hard side effect recorded in the ledger: every call sends another e-mail, so do not resend one that went out.",
  input_schema: {
    type: "object",
    properties: {
      order_id: {
        type: "string",
        pattern: "^ord_[0-9]+$",
        description: "The order, as create_order returned it, e.g. ord_0001.",
      },
      email: {
        type: "string",
        format: "email",
        maxLength: 254,
        description: "Where to send the receipt, e.g. ada@example.com.",
      },
    },
    required: ["order_id", "email"],
    additionalProperties: false,
  },
  meta: { destructive: false },
  execute: acceptArguments((args, { workspace, recordChange }) => {
    const orderId = requireString(args, "order_id");
    const email = requireString(args, "email");
    if (!EMAIL_PATTERN.test(email)) return fail(`"${email}" is not an e-mail address. Nothing was sent.`);
    const order = findOrder(workspace.ledger, orderId);
    if (!order) return fail(describeMissingOrder(workspace.ledger, orderId));
    const receiptId = createNextId(workspace.ledger, "send_receipt", "rcpt");
    const amountCharged = sumChargedCents(workspace.ledger, orderId) / 100;
    recordChange({
      type: "ledger",
      entry: {
        tool: "send_receipt",
        action: "receipt.sent",
        receiptId,
        orderId,
        email,
        amountCharged,
        currency: order.currency,
      },
    });
    return succeed(
      JSON.stringify({
        receipt_id: receiptId,
        order_id: orderId,
        email,
        amount_charged: amountCharged,
        currency: order.currency,
        status: "sent",
      }),
    );
  }),
});

/**
 * `send_notification`: sends a message on one channel, checking the recipient's shape for that
 * channel. Not idempotent: each call sends again, and each lands in the ledger.
 */
export const sendNotification = defineTool({
  name: "send_notification",
  description:
    "Send a notification message by email, sms or slack. A hard side effect recorded in the ledger: every call sends another message, so a retry notifies twice.",
  input_schema: {
    type: "object",
    properties: {
      channel: { type: "string", enum: [...CHANNELS], description: "How to send it: email, sms or slack." },
      to: {
        type: "string",
        minLength: 1,
        maxLength: 254,
        description:
          "The recipient, in the channel's form: ada@example.com (email), +14155550123 (sms), #billing or @ada (slack).",
      },
      message: {
        type: "string",
        minLength: 1,
        maxLength: 1000,
        description: "The text to send, at most 1000 characters.",
      },
    },
    required: ["channel", "to", "message"],
    additionalProperties: false,
  },
  meta: { destructive: false },
  execute: acceptArguments((args, { workspace, recordChange }) => {
    const channel = requireChoice(args, "channel", CHANNELS);
    const to = requireString(args, "to");
    const message = requireString(args, "message");
    const recipient = RECIPIENTS.get(channel);
    if (recipient && !recipient.pattern.test(to))
      return fail(`On ${channel}, \`to\` must be ${recipient.example}; got "${to}". Nothing was sent.`);
    if (message.trim() === "" || message.length > 1000)
      return fail("`message` must be 1 to 1000 characters and not blank. Nothing was sent.");
    const notificationId = createNextId(workspace.ledger, "send_notification", "ntf");
    recordChange({
      type: "ledger",
      entry: { tool: "send_notification", action: "notification.sent", notificationId, channel, to, message },
    });
    return succeed(JSON.stringify({ notification_id: notificationId, channel, to, status: "sent" }));
  }),
});

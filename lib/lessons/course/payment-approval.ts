/**
 * Lesson `payment-approval`: an order is created, then `charge_card` — marked `needsApproval` in
 * its metadata — waits at the approval stage and the run pauses until a person approves; only
 * then does the charge run and land in the ledger.
 */
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The lesson: a payment that waits for a person's approval. */
export const paymentApprovalLesson: Scenario = {
  id: "payment-approval",
  title: {
    en: "A payment waits for a person's approval",
    zh: "付款要等人批准",
  },
  summary: {
    en: "charge_card is marked as needing approval. The run pauses at the approval stage; nothing is charged until a person approves the call.",
    zh: "charge_card 被标记为需要批准。运行在批准阶段暂停；有人批准之前，一分钱也不会扣。",
  },
  concepts: ["approval"],
  system:
    "You are a billing assistant. Create orders with create_order and take payment with charge_card. Customers are listed in data/customers.json.",
  tools: ["create_order", "charge_card"],
  policy: {},
  messages: [
    {
      text: {
        en: "Ada Lovelace wants two MUG-01 mugs at 12 GBP each. Create the order and charge her card 24 GBP.",
        zh: "Ada Lovelace 要两个 MUG-01 杯子，每个 12 英镑。创建订单，并从她的卡上扣 24 英镑。",
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        { type: "text", text: speak(view, { en: "First, the order.", zh: "先创建订单。" }) },
        {
          type: "tool_use",
          name: "create_order",
          input: { customer: "Ada Lovelace", items: [{ sku: "MUG-01", quantity: 2 }], currency: "GBP" },
        },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "Order ord_0001 is created. Now the payment.",
            zh: "订单 ord_0001 已创建。现在扣款。",
          }),
        },
        {
          type: "tool_use",
          name: "charge_card",
          input: { order_id: "ord_0001", amount: 24, currency: "GBP" },
        },
      ],
    }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: "Done: order ord_0001 for two MUG-01 mugs, and 24 GBP charged to Ada's card (charge ch_0001).",
            zh: "完成：订单 ord_0001，两个 MUG-01 杯子；已从 Ada 的卡上扣款 24 英镑（扣款编号 ch_0001）。",
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "node:approval",
      match: { kind: "tool.stage", fields: { stage: "approval", status: "skipped" } },
      text: {
        en: "create_order has no approval flag in its metadata, so its approval stage is skipped and it runs at once.",
        zh: "create_order 的元数据里没有需要批准的标记，所以它的批准阶段被跳过，直接运行。",
      },
    },
    {
      target: "node:approval",
      match: { kind: "tool.stage", fields: { stage: "approval", status: "waiting" } },
      text: {
        en: "charge_card moves money, so its metadata marks it destructive and needsApproval. Preflight let the call through but asked for a person, so it waits here; the reason shown comes from that metadata.",
        zh: "charge_card 会动钱，所以它的元数据把它标为 destructive 和 needsApproval。预检让调用通过，但要求有人确认，所以它停在这里；显示的理由就来自这些元数据。",
      },
    },
    {
      target: "event:run.paused",
      match: { kind: "run.paused", fields: { reason: "approval" } },
      text: {
        en: "The whole run is paused: no tool runs and no model request is sent. In the debugger you can approve, deny, or edit the arguments; edited arguments are validated again.",
        zh: "整个运行暂停了：没有工具在跑，也不会向模型发请求。在调试器里你可以批准、拒绝或修改参数；修改后的参数会再校验一次。",
      },
    },
    {
      target: "event:tool.decision",
      match: { kind: "tool.decision", anyOf: { decision: ["approve", "edit"] } },
      text: {
        en: "A person approves (or edits the arguments, which approves the edited call). The decision is an event in the log, so later you can see who allowed what, and when.",
        zh: "有人批准了（或者修改了参数，即批准修改后的调用）。这个决定也是日志里的一个事件，之后能查到谁在什么时候允许了什么。",
      },
    },
    {
      target: "event:workspace.changed",
      match: {
        kind: "workspace.changed",
        fields: { change: { type: "ledger", entry: { action: "card.charged" } } },
      },
      text: {
        en: "Only now does the charge run and land in the ledger. Had the person denied it, the model would get a denied_by_user result and nothing would be charged.",
        zh: "直到这时扣款才真正执行，并记进账本。如果被拒绝，模型会收到 denied_by_user 结果，一分钱也不会扣。",
      },
    },
  ],
};

/**
 * Lesson `billing-batch`: one turn creates an order, charges a card with an invalid amount and
 * sends a receipt. Under `all-or-nothing` nothing runs; the same batch under `independent` creates
 * the order and sends the receipt while the charge fails — and the model, summing up, believes
 * the order did not go through. The ledger shows what really happened.
 */
import type { PlannedBlock } from "@/lib/providers/offline/types";
import type { Localized, Scenario } from "@/lib/lessons/types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/.test(view.userText) ? text.zh : text.en;
}

/** The batch: the amount is the string "24,00" (a decimal comma), which the schema refuses. */
function planBatch(view: ScriptView): PlannedBlock[] {
  return [
    {
      type: "text",
      text: speak(view, {
        en: "I'll create the order, charge the card and send the receipt.",
        zh: "我来创建订单、扣款并发送收据。",
      }),
    },
    {
      type: "tool_use",
      name: "create_order",
      input: { customer: "Ada Lovelace", items: [{ sku: "MUG-01", quantity: 2 }], currency: "GBP" },
    },
    {
      type: "tool_use",
      name: "charge_card",
      input: { order_id: "ord_0001", amount: "24,00", currency: "GBP" },
    },
    { type: "tool_use", name: "send_receipt", input: { order_id: "ord_0001", email: "ada@example.com" } },
  ];
}

/** The lesson: the billing batch under all-or-nothing, then independent. */
export const billingBatchLesson: Scenario = {
  id: "billing-batch",
  title: {
    en: "The billing batch: all-or-nothing, then independent",
    zh: "账单批次：先全有或全无，再各自独立",
  },
  summary: {
    en: "Order, charge, receipt in one turn, with a bad amount. All-or-nothing runs none of them. Independent runs the order and the receipt while the charge fails, and the ledger shows a world the model does not believe in.",
    zh: "一个回合里同时下单、扣款、发收据，其中金额写错了。全有或全无时一个都不运行；各自独立时订单和收据都执行了，扣款却失败，账本显示的世界和模型以为的不一样。",
  },
  concepts: ["batch-all-or-nothing", "side-effects-not-undone", "error-kinds"],
  system:
    "You are a billing assistant. Use create_order, charge_card and send_receipt. Customers are listed in data/customers.json.",
  tools: ["create_order", "charge_card", "send_receipt"],
  policy: { batch: "all-or-nothing" },
  messages: [
    {
      text: {
        en: "Ada Lovelace (ada@example.com) buys two MUG-01 mugs for 24,00 GBP. Create the order, charge her card and email her the receipt.",
        zh: "Ada Lovelace（ada@example.com）买两个 MUG-01 杯子，共 24,00 英镑。创建订单、从她的卡上扣款，并把收据发到她的邮箱。",
      },
    },
    {
      text: {
        en: "The batch policy is now independent. Send the same three calls again, exactly as before.",
        zh: "批次策略已改为 independent（各自独立）。把同样的三个调用原样再发一次。",
      },
      reconfigure: { policy: { batch: "independent" } },
    },
  ],
  script: [
    (view) => ({ blocks: planBatch(view) }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: 'Nothing went through: charge_card refused the amount "24,00" (it must be a number), and because the batch is all-or-nothing, the order and the receipt did not run either.',
            zh: '什么都没有执行：charge_card 不接受金额 "24,00"（必须是数字）；因为批次是全有或全无，订单和收据也都没有运行。',
          }),
        },
      ],
    }),
    (view) => ({ blocks: planBatch(view) }),
    (view) => ({
      blocks: [
        {
          type: "text",
          text: speak(view, {
            en: 'The charge failed: the amount "24,00" is not a number. Confirm 24 GBP and I\'ll place the order, charge the card and send the receipt again.',
            zh: '扣款失败了：金额 "24,00" 不是数字。请确认是 24 英镑，我会重新下单、扣款并发送收据。',
          }),
        },
      ],
    }),
  ],
  steps: [
    {
      target: "node:validate",
      match: { kind: "tool.stage", fields: { stage: "validate", status: "error" } },
      text: {
        en: 'charge_card\'s amount is the string "24,00", a decimal comma, and the schema wants a number. Under all-or-nothing every call is checked (lookup to preflight) before any runs.',
        zh: 'charge_card 的 amount 是字符串 "24,00"（用了小数逗号），而 schema 要的是数字。在全有或全无模式下，任何调用运行之前，每个调用都要先经过检查（从查找到预检）。',
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "create_order", errorKind: "batch_aborted" } },
      text: {
        en: "One call failed its checks, so the others get batch_aborted, naming the call that failed. No execute stage, no ledger entry: nothing happened in the world. Each error kind tells the model what ran: schema_validation_error and batch_aborted both mean nothing did.",
        zh: "有一个调用没通过检查，其余调用就得到 batch_aborted，并写明是哪个调用出了问题。没有运行 execute 阶段，账本也没有记录：现实世界里什么都没发生。每种错误类型都告诉模型运行了什么：schema_validation_error 和 batch_aborted 都表示什么都没运行。",
      },
    },
    {
      target: "event:session.configured",
      match: {
        kind: "session.configured",
        fields: { changes: { policy: { after: { batch: "independent" } } } },
      },
      text: {
        en: "The second message switches the batch policy to independent: each call now goes through the pipeline on its own, in call order.",
        zh: "第二条消息把批次策略改成 independent：现在每个调用按顺序各自走完流水线。",
      },
    },
    {
      target: "event:workspace.changed",
      match: {
        kind: "workspace.changed",
        fields: { change: { type: "ledger", entry: { action: "order.created" } } },
      },
      text: {
        en: "The same batch again. The order is created and lands in the ledger. Then the charge fails validation exactly as before, but this time nothing stops the next call.",
        zh: "还是同一个批次。订单被创建并记进账本。接着扣款和上次一样没通过校验，但这一次没有什么能拦住下一个调用。",
      },
    },
    {
      target: "event:workspace.changed",
      match: {
        kind: "workspace.changed",
        fields: { change: { type: "ledger", entry: { action: "receipt.sent", amountCharged: 0 } } },
      },
      text: {
        en: "The receipt e-mail goes out, for an order with 0 GBP charged. A failed call in the middle undoes nothing: the order and the e-mail stay done.",
        zh: "收据邮件发出去了，而这笔订单实际扣款为 0 英镑。中间一个调用失败并不会撤销任何事：订单和邮件都已经发生了。",
      },
    },
    {
      target: "block:text",
      match: { kind: "turn.completed", fields: { turn: 4 } },
      text: {
        en: "The model offers to redo all three, as if the batch had failed as a whole. But the ledger already holds an order and a receipt for 0 GBP charged: redoing them makes a second order and a second e-mail. After an error, check what ran, not the model's summary.",
        zh: "模型提出三件事全部重做，好像整个批次都失败了。可账本里已经有一笔订单和一封写着扣款 0 英镑的收据：重做会产生第二笔订单和第二封邮件。出错之后，要看实际运行了什么，而不是模型的总结。",
      },
    },
  ],
};

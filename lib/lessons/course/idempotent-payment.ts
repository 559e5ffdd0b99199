/**
 * Lesson `idempotent-payment`: an order is created and charged; then the person asks to "charge
 * it again, to be sure", and the model repeats the identical `charge_card` call. The
 * `idempotency-guard` hook sees that an identical non-idempotent call already ran and asks a
 * person, and the person denies it: the ledger keeps one charge. Charges are otherwise
 * auto-approved here (a preflight `allow` rule), so the guard is the only thing that stops the
 * repeat. The model's turns are scripted; every decision is the real pipeline's.
 */
import type { Localized, Scenario } from "../types";
import type { ScriptView, ScriptedReply } from "@/lib/providers/offline/script-types";

/** The order every turn talks about. */
export const PAYMENT_ORDER = {
  customer: "Ada Lovelace",
  items: [{ sku: "MUG-01", quantity: 2 }],
  currency: "GBP",
} as const;

/** The amount charged, in pounds. */
export const PAYMENT_AMOUNT = 24;

/** The order id create_order returned (its first id in a fresh session as a fallback). */
function readOrderId(view: ScriptView): string {
  for (const result of view.results) {
    try {
      const parsed = JSON.parse(result.content) as { order_id?: unknown };
      if (typeof parsed.order_id === "string") return parsed.order_id;
    } catch {
      // Not JSON: not create_order's result; the fallback below applies.
    }
  }
  const earlier = /"order_id":\s*"(ord_\d+)"/u.exec(JSON.stringify(view.request.messages));
  return earlier?.[1] ?? "ord_0001";
}

/** The reply's text in the language of the lesson message that started the run. */
function speak(view: ScriptView, text: Localized): string {
  return /[\u4e00-\u9fff]/u.test(view.userText) ? text.zh : text.en;
}

/** One sentence, then the charge — identical arguments every time. */
function charge(view: ScriptView, text: Localized): ScriptedReply {
  return {
    blocks: [
      { type: "text", text: speak(view, text) },
      {
        type: "tool_use",
        name: "charge_card",
        input: { order_id: readOrderId(view), amount: PAYMENT_AMOUNT, currency: PAYMENT_ORDER.currency },
      },
    ],
  };
}

/** A text-only reply. */
function answer(view: ScriptView, text: Localized): ScriptedReply {
  return { blocks: [{ type: "text", text: speak(view, text) }] };
}

/** Lesson `idempotent-payment`: `idempotency-guard` asks before an identical charge runs again. */
export const idempotentPaymentLesson: Scenario = {
  id: "idempotent-payment",
  title: {
    en: "A repeated payment caught by the idempotency guard",
    zh: "幂等守卫拦住了重复付款",
  },
  summary: {
    en: "The model repeats a card charge that already went through. The idempotency-guard hook notices the identical call and asks a person before the card is charged twice.",
    zh: "模型把一笔已经成功的扣款又发了一次。idempotency-guard 钩子发现这是一模一样的调用，在重复扣款之前先请人确认。",
  },
  concepts: ["idempotency"],
  system: "You take orders for the shop and charge the customer's card. Amounts are in the order's currency.",
  tools: ["create_order", "charge_card"],
  policy: {
    hooks: ["idempotency-guard"],
    rules: [{ id: "charges-auto-approved", stage: "preflight", tool: "charge_card", action: "allow" }],
  },
  messages: [
    {
      text: {
        en: "Order two MUG-01 mugs for Ada Lovelace in GBP and charge her card 24 GBP.",
        zh: "给 Ada Lovelace 下单两个 MUG-01 杯子，用英镑结算，并从她的卡上扣 24 英镑。",
      },
    },
    {
      text: {
        en: "I didn't get a receipt. Charge the card again, just to be sure it went through.",
        zh: "我没收到收据。再扣一次款吧，确保它真的成功了。",
      },
    },
  ],
  script: [
    (view) => ({
      blocks: [
        { type: "text", text: speak(view, { en: "I'll create the order.", zh: "我先创建订单。" }) },
        {
          type: "tool_use",
          name: "create_order",
          input: { ...PAYMENT_ORDER, items: [...PAYMENT_ORDER.items] },
        },
      ],
    }),
    (view) => charge(view, { en: "Now I'll charge the card.", zh: "现在我来扣款。" }),
    (view) =>
      answer(view, {
        en: "Done: the order is created and Ada's card was charged 24 GBP.",
        zh: "好了：订单已创建，Ada 的卡已扣款 24 英镑。",
      }),
    (view) => charge(view, { en: "I'll charge the card again.", zh: "我再扣一次款。" }),
    (view) =>
      view.results.some((result) => result.isError)
        ? answer(view, {
            en: "The second charge was not made: it would have repeated the first one, which already went through. The card was charged once, 24 GBP.",
            zh: "第二次扣款没有执行：它会重复第一次扣款，而第一次已经成功了。卡只被扣了一次，24 英镑。",
          })
        : answer(view, {
            en: "The card was charged a second time: Ada has now paid 48 GBP for one order of 24 GBP.",
            zh: "卡又被扣了一次：这一单只要 24 英镑，Ada 现在一共付了 48 英镑。",
          }),
  ],
  steps: [
    {
      target: "event:workspace.changed",
      match: {
        kind: "workspace.changed",
        fields: { change: { type: "ledger", entry: { action: "card.charged" } } },
      },
      text: {
        en: "The first charge runs and lands in the ledger: 24 GBP. charge_card is not idempotent: every call charges again.",
        zh: "第一次扣款运行了，记进了账本：24 英镑。charge_card 不是幂等的：每调用一次就扣一次款。",
      },
    },
    {
      target: "node:preflight",
      match: {
        kind: "tool.stage",
        fields: { stage: "preflight", status: "ok" },
        includes: { output: "idempotency-guard: require-approval" },
      },
      text: {
        en: "The person asks to charge again, and the model sends the identical call. idempotency-guard reads the log, finds the same call with the same arguments already executed, and asks for a person instead of letting it through.",
        zh: "用户要求再扣一次，模型发出了一模一样的调用。idempotency-guard 查看日志，发现同样参数的同一个调用已经执行过，于是要求人来确认，而不是直接放行。",
      },
    },
    {
      target: "node:approval",
      match: { kind: "tool.stage", fields: { stage: "approval", status: "waiting" } },
      text: {
        en: "The run pauses at approval. The reason names the earlier call. Charges are auto-approved in this lesson, so without the guard the card would already be charged twice.",
        zh: "运行在审批阶段暂停了。理由里写明了之前的那次调用。这个课程里扣款本来是自动批准的，如果没有这个守卫，卡已经被扣了两次。",
      },
    },
    {
      target: "event:tool.decision",
      match: { kind: "tool.decision" },
      text: {
        en: "You decide. Deny it: the first charge already went through; what was missing was the receipt, not the payment.",
        zh: "由你来决定。拒绝它：第一次扣款已经成功了，缺的是收据，不是付款。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "charge_card" } },
      text: {
        en: "Denied, the call gets denied_by_user and the ledger holds exactly one charge. Approved, the ledger holds two: the guard only asks, a person decides. Before retrying a call that is not idempotent, check whether the first one took effect.",
        zh: "如果拒绝，这个调用得到 denied_by_user，账本里正好只有一笔扣款。如果批准，账本里就有两笔：守卫只负责询问，由人来决定。重试一个非幂等的调用之前，先确认上一次是否已经生效。",
      },
    },
  ],
};

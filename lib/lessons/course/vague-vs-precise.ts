/**
 * Lesson `vague-vs-precise`: the same request twice, first with vague tool descriptions, then with
 * precise ones (only the descriptions change). The offline model's own tool scoring (words of the
 * message against words of each tool's name and description) picks the tool, so the different
 * calls come from the descriptions alone. The two calling turns are scripted only so that the
 * Chinese message is read as its English original (the offline model matches English words);
 * the script asks the offline model's planner and keeps its choice.
 */
import type { ToolDefinition } from "@/lib/trace/config";
import { planToolCall } from "@/lib/providers/offline/plan";
import { createPlannerContext } from "@/lib/providers/offline/respond";
import type { OfflineBlockParam } from "@/lib/providers/offline/types";
import type { Scenario } from "../types";
import type { ScriptView, ScriptedReply } from "@/lib/providers/offline/script-types";

const ERP_SCHEMA = {
  type: "object",
  properties: { query: { type: "string", description: "What to search for." } },
  required: ["query"],
  additionalProperties: false,
};

const PIM_SCHEMA = {
  type: "object",
  properties: { product: { type: "string", description: "The product's name." } },
  required: ["product"],
  additionalProperties: false,
};

const READ_ONLY = { readOnly: true, destructive: false, idempotent: true, concurrencySafe: true };

/** The ERP answers anything with the same thing: it holds no shop prices. */
const ERP_MOCK = {
  kind: "static",
  result:
    "No sales price found. The ERP holds purchase orders (PO-…) and supplier invoices; search by order number.",
} as const;

/** The catalog's entry for the blue mug. */
const PIM_MOCK = {
  kind: "static",
  result: { product: "Blue mug", sku: "MUG-01", price_eur: 12.5, colours: ["blue", "white"], in_stock: 42 },
} as const;

/** A tool with the given description; name, schema, metadata and mock never change. */
function defineTool(name: "erp_query" | "pim_lookup", description: string): ToolDefinition {
  const erp = name === "erp_query";
  return {
    name,
    description,
    input_schema: erp ? ERP_SCHEMA : PIM_SCHEMA,
    meta: READ_ONLY,
    mock: erp ? ERP_MOCK : PIM_MOCK,
  };
}

/** Vague: one claims "anything", the other says only its jargon name. */
export const VAGUE_TOOLS: readonly ToolDefinition[] = [
  defineTool("erp_query", "Look up anything in the ERP: products, prices, orders."),
  defineTool("pim_lookup", "PIM lookup."),
];

/** Precise: what each holds, what it returns, and when not to use it. */
export const PRECISE_TOOLS: readonly ToolDefinition[] = [
  defineTool(
    "erp_query",
    "Query the ERP for purchase orders and supplier invoices by order number, such as PO-1234. It has no shop catalog.",
  ),
  defineTool(
    "pim_lookup",
    "Look up one product of the shop's catalog by its name: its price in euros, its colours and how many are in stock.",
  ),
];

const REQUEST = { en: "Look up the price of the blue mug.", zh: "查一下 blue mug（蓝色马克杯）的价格。" };

/**
 * The offline model's own answer to the request, as if its last user text were the English
 * request: its planner scores the tools on the English words.
 */
function planInEnglish(view: ScriptView): ScriptedReply | null {
  const messages = [...view.request.messages];
  const last = messages.at(-1);
  if (!last || last.role !== "user") return null;
  const kept = typeof last.content === "string" ? [] : last.content.filter((b) => b.type !== "text");
  const content: OfflineBlockParam[] = [...kept, { type: "text", text: REQUEST.en } as OfflineBlockParam];
  messages[messages.length - 1] = { role: "user", content };
  return planToolCall({ ...view.request, messages }, createPlannerContext());
}

/** Lesson `vague-vs-precise`: the same request, two sets of descriptions, two different calls. */
export const vagueVsPreciseLesson: Scenario = {
  id: "vague-vs-precise",
  title: {
    en: "A vague tool description, then a precise one",
    zh: "含糊的工具描述，和清楚的工具描述",
  },
  summary: {
    en: "The same request is sent twice. With vague descriptions the model calls the wrong tool; with precise ones, and nothing else changed, it calls the right one.",
    zh: "同一个请求发送两次。描述含糊时，模型调用了错误的工具；描述清楚后（别的都没改），它调用了正确的工具。",
  },
  concepts: ["description-is-prompt"],
  system: "You answer questions about the shop's products. Use the tools; do not guess prices.",
  tools: VAGUE_TOOLS,
  policy: {},
  messages: [{ text: REQUEST }, { text: REQUEST, reconfigure: { tools: PRECISE_TOOLS } }],
  script: [planInEnglish, null, planInEnglish, null],
  steps: [
    {
      target: "event:request.assembled",
      match: { kind: "request.assembled", fields: { turn: 1 } },
      text: {
        en: 'The model knows the tools only from what this request says about them: a name, a description and a schema. Here erp_query claims it can look up anything, and pim_lookup says only "PIM lookup."',
        zh: "模型对工具的了解，只来自这个请求里写的内容：名字、描述和参数结构。这里 erp_query 说自己什么都能查，而 pim_lookup 只写了“PIM lookup.”。",
      },
    },
    {
      target: "block:tool_use",
      match: { kind: "turn.completed", fields: { turn: 1 } },
      text: {
        en: "The request asks to look up a price. The only description that talks about looking up prices is erp_query's, so the model calls it. The names did not help: both are internal jargon.",
        zh: "请求要查一个价格。只有 erp_query 的描述提到了“查”和“价格”，所以模型调用了它。名字帮不上忙：两个都是内部术语。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "erp_query" } },
      text: {
        en: "The ERP has no shop prices, so the answer is useless. Yet nothing failed: the call was valid, only the tool was wrong. No error kind and no hint point at this mistake.",
        zh: "ERP 里没有商店的售价，所以这个结果没用。但没有任何东西出错：调用是合法的，只是工具选错了。没有错误类型，也没有提示指出这个问题。",
      },
    },
    {
      target: "event:session.configured",
      match: { kind: "session.configured" },
      text: {
        en: "Now only the descriptions change; names, schemas and results stay the same. erp_query says what it holds and that it has no catalog; pim_lookup says what it returns, price included.",
        zh: "现在只改描述；名字、参数结构和返回结果都不变。erp_query 写清了它存的是什么、没有商品目录；pim_lookup 写清了它返回什么，包括价格。",
      },
    },
    {
      target: "block:tool_use",
      match: { kind: "turn.completed", fields: { turn: 3 } },
      text: {
        en: 'The same request, a different call: pim_lookup with product "blue mug". A description is part of the prompt. Say what the tool returns, when to use it, and when not to.',
        zh: '同样的请求，换了一个调用：pim_lookup，参数 product 是 "blue mug"。工具描述就是提示的一部分。写清楚它返回什么、什么时候该用、什么时候不该用。',
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { name: "pim_lookup" } },
      text: {
        en: "This time the answer holds the price: 12.50 euros. The model, the request and the tool code were the same both times.",
        zh: "这次结果里有价格：12.50 欧元。两次的模型、请求和工具代码都一模一样。",
      },
    },
  ],
};

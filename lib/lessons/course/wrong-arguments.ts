/**
 * Lesson `wrong-arguments`: on the OpenAI Chat wire, the model sends `create_order` with
 * `quantity: "3"` — a string where the schema wants an integer. `prepare` parses the JSON string
 * of arguments, `validate` rejects the field with a hint, and the model resends the call fixed.
 */
import type { Scenario } from "../types";
import type { ScriptView } from "@/lib/providers/offline/script-types";

/** The order the person asks for. */
const ORDER = { customer: "Ada Lovelace", sku: "MUG-01", currency: "GBP" };

/** The `create_order` input with `quantity` as given (a string first, then a number). */
export function buildOrderInput(quantity: string | number): Record<string, unknown> {
  return { customer: ORDER.customer, items: [{ sku: ORDER.sku, quantity }], currency: ORDER.currency };
}

/**
 * The model's second turn: after a validation error, the same call with the field fixed. Chat
 * Completions has no error flag on a tool message, so the model reads the result's words.
 */
function correct({ results }: ScriptView) {
  const result = results[0];
  if (!result || !(result.isError || result.content.includes("do not match its input_schema"))) return null;
  return {
    blocks: [
      { type: "text" as const, text: "quantity must be an integer, not a string. Sending the order again." },
      { type: "tool_use" as const, name: "create_order", input: buildOrderInput(3) },
    ],
  };
}

export const wrongArgumentsLesson: Scenario = {
  id: "wrong-arguments",
  title: { en: "Wrong arguments, and the fix", zh: "参数错了，再改正" },
  summary: {
    en: 'The model sends a quantity as the string "3" instead of the number 3. Validation names the field and what it expected, nothing runs, and the model resends the call with the field fixed.',
    zh: '模型把数量写成了字符串 "3"，而不是数字 3。校验指出是哪个字段、应该是什么，什么都没有运行，模型随后改正这个字段重新发送调用。',
  },
  concepts: ["schema-validation", "prepare-arguments"],
  system: "You take orders for a small shop. Customers and their currencies are in data/customers.json.",
  tools: ["create_order", "read_file"],
  policy: {},
  provider: { wire: "openai-chat" },
  messages: [
    {
      text: {
        en: "Order 3 MUG-01 mugs for Ada Lovelace, paid in GBP.",
        zh: "给 Ada Lovelace 订 3 个 MUG-01 马克杯，用英镑（GBP）付款。",
      },
    },
  ],
  script: [
    () => ({
      blocks: [
        { type: "text", text: "I'll create the order." },
        { type: "tool_use", name: "create_order", input: buildOrderInput("3") },
      ],
    }),
    correct,
  ],
  steps: [
    {
      target: "block:tool_use",
      match: { kind: "turn.completed", fields: { turn: 1, stopReason: { unified: "tool_use" } } },
      text: {
        en: 'The model calls create_order. On this wire, OpenAI Chat Completions, the arguments arrive as one JSON string. Look at quantity: it is the string "3", not the number 3.',
        zh: '模型调用了 create_order。在这种传输格式（OpenAI Chat Completions）里，参数是一整个 JSON 字符串。看 quantity：它是字符串 "3"，不是数字 3。',
      },
    },
    {
      target: "node:prepare",
      match: { kind: "tool.stage", fields: { stage: "prepare", status: "ok" } },
      text: {
        en: 'The prepare stage turns the arguments into one object; here it parses OpenAI\'s JSON string. Had the string not parsed, the call would stop here with invalid_arguments. The "3" is still a string.',
        zh: '“准备”阶段把参数变成一个对象；这里它解析了 OpenAI 发来的 JSON 字符串。如果字符串解析失败，调用会在这里以 invalid_arguments 停下。那个 "3" 仍然是字符串。',
      },
    },
    {
      target: "node:validate",
      match: { kind: "tool.stage", fields: { stage: "validate", status: "error" } },
      text: {
        en: "The validate stage checks the object against the tool's input_schema. quantity must be an integer, so the call fails here, before anything runs.",
        zh: "“校验”阶段用工具的 input_schema 检查这个对象。quantity 必须是整数，所以调用在这里失败，什么都还没有运行。",
      },
    },
    {
      target: "event:tool.result",
      match: { kind: "tool.result", fields: { turn: 1, errorKind: "schema_validation_error" } },
      text: {
        en: "The result names the field and what was expected: items[0].quantity must be an integer. The hint tells the model that nothing ran and what to resend.",
        zh: "结果指出了字段和期望的类型：items[0].quantity 必须是整数。提示告诉模型什么都没有运行，以及该怎样重新发送。",
      },
    },
    {
      target: "node:validate",
      match: { kind: "tool.stage", fields: { stage: "validate", status: "ok" } },
      text: {
        en: "The model sends the same call again with quantity 3, a number. This time validation passes.",
        zh: "模型把同一个调用再发一次，quantity 改成了数字 3。这一次校验通过了。",
      },
    },
    {
      target: "event:workspace.changed",
      match: { kind: "workspace.changed" },
      text: {
        en: "create_order ran once, and the ledger shows one order. The rejected call created nothing: validation stopped it before execute.",
        zh: "create_order 只运行了一次，账本里只有一笔订单。被拒绝的那次调用什么也没创建：校验在执行之前就拦下了它。",
      },
    },
  ],
};

import { describe, expect, test } from "vitest";
import { respondOffline } from "@/lib/providers/offline/respond";
import type { OfflineToolMeta } from "@/lib/providers/offline/types";
import { listBuiltinTools } from "./registry";

/** Every built-in in its Anthropic form, in registry order, as a new session sends them. */
const TOOLS = listBuiltinTools().map(({ definition }) => ({
  name: definition.name,
  description: definition.description ?? "",
  input_schema: definition.input_schema,
}));

/** The read-only metadata, as the provider registry passes it to the offline model. */
const TOOL_META: OfflineToolMeta = Object.fromEntries(
  listBuiltinTools().map(({ definition }) => [
    definition.name,
    { readOnly: definition.meta.readOnly === true },
  ]),
);

/** The tool call the offline model makes for `message` with every built-in offered, or null. */
function pickTool(message: string): { tool: string; input: Record<string, unknown> } | null {
  const reply = respondOffline(
    { model: "offline-1", max_tokens: 1024, tools: TOOLS, messages: [{ role: "user", content: message }] },
    { toolMeta: TOOL_META },
  );
  const call = reply.content.find((block) => block.type === "tool_use");
  return call?.type === "tool_use" ? { tool: call.name, input: call.input } : null;
}

describe("with every built-in offered, the offline model picks the tool a message names", () => {
  test.each([
    ["What is in notes/todo.md?", "read_file", { path: "notes/todo.md" }],
    ["List the files in notes/", "list_dir", { path: "notes/" }],
    ["Write 'buy milk' to notes/todo.md", "write_file", { path: "notes/todo.md", content: "buy milk" }],
    ["What's the weather in Paris in fahrenheit?", "get_weather", { city: "Paris", unit: "fahrenheit" }],
    ["Weather in San Francisco", "get_weather", { city: "San Francisco" }],
    ['Calculate "(2+3)*4" with the calculator', "calculator", { expression: "(2+3)*4" }],
    ["Compute the arithmetic expression '2^3^2'", "calculator", { expression: "2^3^2" }],
    ["Fetch the page https://example.com/", "http_get", { url: "https://example.com/" }],
    ["Get https://example.com/docs", "http_get", { url: "https://example.com/docs" }],
    ["Run the slow task with 10 steps", "slow_task", { steps: 10 }],
    ['Call the flaky tool with input "ping"', "flaky_tool", { input: "ping" }],
    [
      'Charge 49.99 EUR to order "ord_0001"',
      "charge_card",
      { order_id: "ord_0001", amount: 49.99, currency: "EUR" },
    ],
    [
      'Send the receipt for order "ord_0001" to ada@example.com',
      "send_receipt",
      { order_id: "ord_0001", email: "ada@example.com" },
    ],
    [
      'Send a slack notification to "#billing" with message "Order shipped"',
      "send_notification",
      { channel: "slack", to: "#billing", message: "Order shipped" },
    ],
  ])("%s → %s %j", (message, tool, input) => {
    const picked = pickTool(message);
    expect(picked).toEqual({ tool, input });
    // Arguments keep the schema's property order.
    expect(JSON.stringify(picked?.input)).toBe(JSON.stringify(input));
  });

  test.each(["hello there", "__proto__ constructor toString"])("%s → a text reply, no tool", (message) => {
    expect(pickTool(message)).toBeNull();
  });
});

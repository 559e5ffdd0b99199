import { describe, expect, it } from "vitest";
import { orderToolResults } from "./order-results";
import type { ToolResultBlock, UnifiedMessage } from "./unified";

const result = (toolCallId: string): ToolResultBlock => ({
  type: "toolResult",
  toolCallId,
  content: toolCallId,
  isError: false,
});
const assistant: UnifiedMessage = {
  role: "assistant",
  content: ["a", "b", "c"].map((id) => ({
    type: "toolCall",
    id,
    name: "t",
    arguments: {},
    rawArguments: "{}",
  })),
};

describe("orderToolResults", () => {
  it("puts results in the order of the calls they answer", () => {
    const ordered = orderToolResults([result("c"), result("a"), result("b")], assistant);
    expect(ordered.map((r) => r.toolCallId)).toEqual(["a", "b", "c"]);
  });

  it("keeps results that answer no call after the others, in their own order", () => {
    const ordered = orderToolResults([result("x"), result("b"), result("y"), result("a")], assistant);
    expect(ordered.map((r) => r.toolCallId)).toEqual(["a", "b", "x", "y"]);
  });

  it("keeps the given order when there is no previous message", () => {
    expect(orderToolResults([result("b"), result("a")], undefined).map((r) => r.toolCallId)).toEqual([
      "b",
      "a",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import { buildBlockKey, buildMessageEdits, type BlockEdit } from "./fork-message-edits";

const messages: UnifiedMessage[] = [
  { role: "user", content: [{ type: "text", text: 'Echo "hi"' }] },
  {
    role: "assistant",
    content: [
      { type: "text", text: "I'll use echo." },
      { type: "toolCall", id: "c1", name: "echo", arguments: { text: "hi" }, rawArguments: '{"text":"hi"}' },
    ],
  },
  {
    role: "user",
    content: [
      {
        type: "toolResult",
        toolCallId: "c1",
        content: "schema error",
        isError: true,
        errorKind: "schema_validation_error",
        hint: "resend text",
      },
    ],
  },
];
const edits = (entries: [string, BlockEdit][]) => new Map(entries);

describe("buildBlockKey", () => {
  it("names a block by its message and its position", () => {
    expect(buildBlockKey(2, 0)).toBe("2:0");
  });
});

describe("buildMessageEdits", () => {
  it("sends nothing without edits, or with edits that change nothing", () => {
    expect(buildMessageEdits(messages, edits([]))).toBeUndefined();
    expect(buildMessageEdits(messages, edits([["0:0", { text: 'Echo "hi"' }]]))).toBeUndefined();
  });

  it("edits a text block, and sends the whole list", () => {
    const result = buildMessageEdits(messages, edits([["0:0", { text: 'Echo "ho"' }]]));
    expect(result).toHaveLength(3);
    expect(result![0]).toEqual({ role: "user", content: [{ type: "text", text: 'Echo "ho"' }] });
    expect(result![1]).toEqual(messages[1]);
  });

  it("edits a tool result's content, keeping its error kind while it stays an error", () => {
    const result = buildMessageEdits(messages, edits([["2:0", { content: "still wrong" }]]));
    expect(result![2]!.content[0]).toEqual({ ...messages[2]!.content[0], content: "still wrong" });
  });

  it("clears the error kind and hint of a result that is no longer an error", () => {
    const result = buildMessageEdits(messages, edits([["2:0", { content: "hi", isError: false }]]));
    expect(result![2]!.content[0]).toEqual({
      type: "toolResult",
      toolCallId: "c1",
      content: "hi",
      isError: false,
    });
  });

  it("removes a block, and keeps a message left empty for the server's doctor to refuse", () => {
    const result = buildMessageEdits(messages, edits([["2:0", { removed: true }]]));
    expect(result![2]).toEqual({ role: "user", content: [] });
    const call = buildMessageEdits(messages, edits([["1:1", { removed: true }]]));
    expect(call![1]!.content).toEqual([{ type: "text", text: "I'll use echo." }]);
  });

  it("ignores a text edit on a block that has no text, and copies only role and content", () => {
    const withExtra = [{ ...messages[0]!, turn: 1, seq: 4 } as UnifiedMessage, ...messages.slice(1)];
    const result = buildMessageEdits(
      withExtra,
      edits([
        ["1:1", { text: "x" }],
        ["0:0", { text: "go" }],
      ]),
    );
    expect(result![0]).toEqual({ role: "user", content: [{ type: "text", text: "go" }] });
    expect(result![1]).toEqual(messages[1]);
  });
});

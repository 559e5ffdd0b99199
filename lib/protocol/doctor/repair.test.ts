import { describe, expect, it } from "vitest";
import type { ToolResultBlock, UnifiedMessage } from "@/lib/protocol/unified";
import { INTERRUPTED_RESULT_CONTENT, repairTranscript } from "./repair";
import { buildAssistant, buildCall, buildResult, buildText, buildUser } from "./testing";

const hi = buildUser(buildText("hi"));

function buildInterrupted(toolCallId: string): ToolResultBlock {
  return {
    type: "toolResult",
    toolCallId,
    content: INTERRUPTED_RESULT_CONTENT,
    isError: true,
    errorKind: "interrupted",
  };
}

describe("repairTranscript", () => {
  it("adds an interrupted result ahead of the text of the next user message", () => {
    const messages = [hi, buildAssistant(buildCall("a")), buildUser(buildText("next"))];
    expect(repairTranscript(messages)).toEqual({
      messages: [hi, buildAssistant(buildCall("a")), buildUser(buildInterrupted("a"), buildText("next"))],
      actions: ['Added an "interrupted" result for tool call "a" (get_weather) from message 1.'],
      remaining: [],
    });
  });

  it("answers a stream cut mid tool_use in a new user message, keeping the unparsed call as it is", () => {
    const cut = buildAssistant(buildText("Let me look."), buildCall("toolu_1", null, '{"city": "Pa'));
    const repaired = repairTranscript([hi, cut]);
    expect(repaired.messages).toEqual([hi, cut, buildUser(buildInterrupted("toolu_1"))]);
    expect(repaired.messages[1]?.content[1]).toBe(cut.content[1]);
    expect(repaired.actions).toEqual([
      'Added an "interrupted" result for tool call "toolu_1" (get_weather) from message 1.',
      "Added a user message after message 1 to hold the results of its tool calls.",
    ]);
    expect(repaired.remaining.map((problem) => problem.rule)).toEqual(["call-unparsed-arguments"]);
  });

  it("leaves the calls of the last message alone when they may be pending", () => {
    const messages = [hi, buildAssistant(buildCall("a"))];
    expect(repairTranscript(messages, { allowPendingCalls: true })).toEqual({
      messages,
      actions: [],
      remaining: [],
    });
  });

  it("moves a result from a later message to right after its call", () => {
    const result = buildResult("a");
    const messages = [
      hi,
      buildAssistant(buildCall("a")),
      buildUser(buildText("wait")),
      buildAssistant(buildText("ok")),
      buildUser(result),
    ];
    const repaired = repairTranscript(messages);
    expect(repaired).toEqual({
      messages: [
        hi,
        buildAssistant(buildCall("a")),
        buildUser(result, buildText("wait")),
        buildAssistant(buildText("ok")),
      ],
      actions: [
        'Moved the result for tool call "a" from message 4 to right after its call in message 1.',
        "Dropped message 4: it held only tool results, which moved or were dropped.",
      ],
      remaining: [],
    });
    expect(repaired.messages[2]?.content[0]).toBe(result);
  });

  it("drops an orphan result and the message it leaves empty", () => {
    const messages = [hi, buildAssistant(buildText("Hello.")), buildUser(buildResult("x"))];
    expect(repairTranscript(messages)).toEqual({
      messages: [hi, buildAssistant(buildText("Hello."))],
      actions: [
        'Dropped the result for tool call "x" from message 2: no earlier assistant message made that call.',
        "Dropped message 2: it held only tool results, which moved or were dropped.",
      ],
      remaining: [],
    });
  });

  it("drops an orphan OpenAI role:tool message as converted", () => {
    const messages = [
      buildUser(buildText("weather?")),
      buildUser(buildResult("call_9", "rainy")),
      buildAssistant(buildText("Sunny.")),
    ];
    expect(repairTranscript(messages)).toEqual({
      messages: [buildUser(buildText("weather?")), buildAssistant(buildText("Sunny."))],
      actions: [
        'Dropped the result for tool call "call_9" from message 1: no earlier assistant message made that call.',
        "Dropped message 1: it held only tool results, which moved or were dropped.",
      ],
      remaining: [],
    });
  });

  it("cannot fix a call id used twice, and says so in remaining", () => {
    const messages = [
      hi,
      buildAssistant(buildCall("a")),
      buildUser(buildResult("a")),
      buildAssistant(buildCall("a")),
      buildUser(buildResult("a")),
    ];
    const repaired = repairTranscript(messages);
    expect(repaired.messages).toEqual(messages);
    expect(repaired.actions).toEqual([]);
    expect(repaired.remaining.map(({ rule, messageIndex }) => ({ rule, messageIndex }))).toEqual([
      { rule: "id-duplicate", messageIndex: 3 },
    ]);
  });

  it("drops a second result for one call", () => {
    const messages = [
      hi,
      buildAssistant(buildCall("a")),
      buildUser(buildResult("a"), buildResult("a", "again")),
    ];
    expect(repairTranscript(messages)).toEqual({
      messages: [hi, buildAssistant(buildCall("a")), buildUser(buildResult("a"))],
      actions: [
        'Dropped a second result for tool call "a" from message 2; the call in message 1 already has one.',
      ],
      remaining: [],
    });
  });

  it("puts results in call order and ahead of text", () => {
    const messages = [
      hi,
      buildAssistant(buildCall("a"), buildCall("b")),
      buildUser(buildText("both done"), buildResult("b"), buildResult("a")),
    ];
    expect(repairTranscript(messages)).toEqual({
      messages: [
        hi,
        buildAssistant(buildCall("a"), buildCall("b")),
        buildUser(buildResult("a"), buildResult("b"), buildText("both done")),
      ],
      actions: [
        "Put the results in message 2 in the order of their calls.",
        "Moved the results in message 2 ahead of its other blocks.",
      ],
      remaining: [],
    });
  });

  it("merges consecutive same-role messages and drops empty ones", () => {
    const messages: UnifiedMessage[] = [
      buildUser(buildText("a")),
      buildUser(),
      buildUser(buildText("b")),
      buildAssistant(buildText("c")),
    ];
    expect(repairTranscript(messages)).toEqual({
      messages: [buildUser(buildText("a"), buildText("b")), buildAssistant(buildText("c"))],
      actions: [
        "Dropped message 1: it had no content.",
        "Merged the consecutive user messages 0 and 2 into one.",
      ],
      remaining: [],
    });
  });

  it("does not modify its input", () => {
    const messages = [
      hi,
      buildAssistant(buildCall("a"), buildCall("b")),
      buildUser(buildText("x"), buildResult("b")),
    ];
    const before = structuredClone(messages);
    repairTranscript(messages);
    expect(messages).toEqual(before);
  });
});

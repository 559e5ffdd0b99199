import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { anthropicMessagesToUnified } from "@/lib/protocol/anthropic/convert";
import type { AnthropicMessageParam } from "@/lib/protocol/anthropic/types";
import { readFixtureJson, WIRE_FIXTURES_DIR } from "@/lib/protocol/testing/fixtures";
import { checkTranscript } from "./check";
import { buildAssistant, buildCall, buildResult, buildText, buildUser } from "./testing";

const EVERYONE = ["anthropic", "openai-chat", "openai-responses"];

function readRequestMessages(name: string) {
  return anthropicMessagesToUnified(readFixtureJson<{ messages: AnthropicMessageParam[] }>(name).messages);
}

describe("checkTranscript on recorded valid transcripts", () => {
  it("finds nothing wrong with the parallel tool results request", () => {
    const messages = readRequestMessages("anthropic-request-parallel-tool-results.json");
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(checkTranscript(messages)).toEqual([]);
  });

  it("finds nothing wrong with any recorded Anthropic request", () => {
    const names = readdirSync(WIRE_FIXTURES_DIR).filter((name) => /^anthropic-request-.*\.json$/.test(name));
    expect(names.length).toBe(6);
    for (const name of names) expect(checkTranscript(readRequestMessages(name))).toEqual([]);
  });
});

describe("checkTranscript on broken shapes", () => {
  it("reports a call whose result is missing", () => {
    const messages = [
      buildUser(buildText("hi")),
      buildAssistant(buildText("Checking."), buildCall("a")),
      buildUser(buildText("next")),
    ];
    expect(checkTranscript(messages)).toEqual([
      {
        rule: "result-missing",
        severity: "error",
        message: 'Tool call "a" (get_weather) in message 1 has no result in the user message right after it.',
        messageIndex: 1,
        blockIndex: 1,
        callId: "a",
        rejectedBy: EVERYONE,
      },
    ]);
  });

  it("reports a result in a later message once, where it sits", () => {
    const messages = [
      buildUser(buildText("hi")),
      buildAssistant(buildCall("a")),
      buildUser(buildText("wait")),
      buildAssistant(buildText("ok")),
      buildUser(buildResult("a")),
    ];
    expect(checkTranscript(messages)).toEqual([
      {
        rule: "result-not-next",
        severity: "error",
        message:
          'The result for tool call "a" is in message 4, but it must be in message 2, right after its call.',
        messageIndex: 4,
        blockIndex: 0,
        callId: "a",
        rejectedBy: ["anthropic", "openai-chat"],
      },
    ]);
  });

  it("reports an orphan result", () => {
    const messages = [
      buildUser(buildText("hi")),
      buildAssistant(buildText("Hello.")),
      buildUser(buildResult("x")),
    ];
    expect(checkTranscript(messages)).toEqual([
      {
        rule: "result-orphan",
        severity: "error",
        message: 'The result in message 2 answers tool call "x", which no earlier assistant message made.',
        messageIndex: 2,
        blockIndex: 0,
        callId: "x",
        rejectedBy: EVERYONE,
      },
    ]);
  });

  it("reports an orphan OpenAI role:tool message as converted: a user message holding only the result", () => {
    const messages = [buildUser(buildText("weather?")), buildUser(buildResult("call_9", "rainy"))];
    expect(
      checkTranscript(messages).map(({ rule, messageIndex, blockIndex }) => ({
        rule,
        messageIndex,
        blockIndex,
      })),
    ).toEqual([
      { rule: "alternation", messageIndex: 1, blockIndex: undefined },
      { rule: "result-orphan", messageIndex: 1, blockIndex: 0 },
    ]);
  });

  it("reports a call id used twice, and a second result for one call", () => {
    const reused = [
      buildUser(buildText("hi")),
      buildAssistant(buildCall("a")),
      buildUser(buildResult("a")),
      buildAssistant(buildCall("a")),
      buildUser(buildResult("a")),
    ];
    expect(checkTranscript(reused)).toEqual([
      {
        rule: "id-duplicate",
        severity: "error",
        message:
          'Tool call "a" (get_weather) in message 3 reuses the id of a call in message 1; call ids must be unique.',
        messageIndex: 3,
        blockIndex: 0,
        callId: "a",
        rejectedBy: ["anthropic"],
      },
    ]);
    const twice = [
      buildUser(buildText("hi")),
      buildAssistant(buildCall("a")),
      buildUser(buildResult("a"), buildResult("a", "again")),
    ];
    expect(checkTranscript(twice)).toEqual([
      {
        rule: "id-duplicate",
        severity: "error",
        message: 'Message 2 holds a second result for tool call "a" (message 1), which already has one.',
        messageIndex: 2,
        blockIndex: 1,
        callId: "a",
        rejectedBy: ["anthropic"],
      },
    ]);
  });

  it("warns when results are not in call order", () => {
    const messages = [
      buildUser(buildText("hi")),
      buildAssistant(buildCall("a"), buildCall("b")),
      buildUser(buildResult("b"), buildResult("a")),
    ];
    expect(checkTranscript(messages)).toEqual([
      {
        rule: "results-out-of-order",
        severity: "warning",
        message: "The results in message 2 are not in the order of the calls in message 1.",
        messageIndex: 2,
        rejectedBy: [],
      },
    ]);
  });

  it("reports text before the results of a user message", () => {
    const messages = [
      buildUser(buildText("hi")),
      buildAssistant(buildCall("a")),
      buildUser(buildText("here:"), buildResult("a")),
    ];
    expect(checkTranscript(messages)).toEqual([
      {
        rule: "results-not-first",
        severity: "error",
        message: "Message 2 has a text block before its tool results; tool results must come first.",
        messageIndex: 2,
        blockIndex: 1,
        rejectedBy: ["anthropic"],
      },
    ]);
  });

  it("reports a stream cut mid tool_use: unparsed arguments and no result, unless calls may be pending", () => {
    const messages = [
      buildUser(buildText("hi")),
      buildAssistant(buildText("Let me look."), buildCall("toolu_1", null, '{"city": "Pa')),
    ];
    const unparsed = {
      rule: "call-unparsed-arguments",
      severity: "warning",
      message:
        'Tool call "toolu_1" (get_weather) in message 1 has arguments that do not parse as JSON, so it cannot have run as the model meant.',
      messageIndex: 1,
      blockIndex: 1,
      callId: "toolu_1",
      rejectedBy: [],
    };
    expect(checkTranscript(messages)).toEqual([
      unparsed,
      {
        rule: "result-missing",
        severity: "error",
        message:
          'Tool call "toolu_1" (get_weather) in message 1 has no result in the user message right after it.',
        messageIndex: 1,
        blockIndex: 1,
        callId: "toolu_1",
        rejectedBy: EVERYONE,
      },
    ]);
    expect(checkTranscript(messages, { allowPendingCalls: true })).toEqual([unparsed]);
  });

  it("warns about consecutive roles and says whether the provider merges them", () => {
    const messages = [
      buildUser(buildText("a")),
      buildUser(buildText("b")),
      buildAssistant(buildText("c")),
      buildAssistant(buildText("d")),
    ];
    expect(checkTranscript(messages)).toEqual([
      {
        rule: "alternation",
        severity: "warning",
        message:
          "Messages 0 and 1 are both user messages: Anthropic merges consecutive user turns into one, OpenAI Chat sends them as two.",
        messageIndex: 1,
        rejectedBy: [],
      },
      {
        rule: "alternation",
        severity: "warning",
        message:
          "Messages 2 and 3 are both assistant messages: Anthropic merges consecutive assistant turns into one, OpenAI Chat sends them as two.",
        messageIndex: 3,
        rejectedBy: [],
      },
    ]);
  });

  it("reports an empty message and an assistant message first", () => {
    const messages = [buildAssistant(buildText("Hello.")), buildUser()];
    expect(checkTranscript(messages)).toEqual([
      {
        rule: "first-not-user",
        severity: "warning",
        message:
          'The transcript starts with an assistant message: Anthropic accepts this, Amazon Bedrock answers "first message must use the user role".',
        messageIndex: 0,
        rejectedBy: [],
      },
      {
        rule: "empty-message",
        severity: "error",
        message: "Message 1 (user) has no content blocks.",
        messageIndex: 1,
        rejectedBy: ["anthropic"],
      },
    ]);
  });

  it("finds nothing in an empty transcript", () => {
    expect(checkTranscript([])).toEqual([]);
  });
});

/**
 * Every recorded turn (`fixtures/recorded/`) as a conversation — the user's message, the
 * assistant turn as our fold assembled it, and one result for each of its tool calls — written
 * in each of the transcript endpoint's four formats, read back, passes the pairing doctor.
 */
import { describe, expect, it } from "vitest";
import { anthropicMessagesToUnified } from "@/lib/protocol/anthropic/convert";
import { checkTranscript } from "@/lib/protocol/doctor/check";
import { openAIChatMessagesToUnified } from "@/lib/protocol/openai-chat/convert";
import type { OpenAIChatMessageParam } from "@/lib/protocol/openai-chat/types";
import { openAIResponsesInputToUnified } from "@/lib/protocol/openai-responses/convert";
import { assemblePartialTurn } from "@/lib/protocol/partial-turn";
import { decodeSse } from "@/lib/protocol/sse";
import { readRecordedResponses, readRecordingManifest } from "@/lib/protocol/testing/recorded";
import type { UnifiedMessage } from "@/lib/protocol/unified";
import type { TranscriptMessage, TranscriptView } from "@/lib/trace/transcript";
import { buildTranscriptBody, TRANSCRIPT_FORMATS, type TranscriptFormat } from "./transcript-body";

const manifest = readRecordingManifest();

/** The user's message, the assembled turn, and an answer to each of its calls, in call order. */
function buildConversation(assistant: UnifiedMessage): TranscriptMessage[] {
  const calls = assistant.content.filter((block) => block.type === "toolCall");
  const messages: TranscriptMessage[] = [
    { role: "user", turn: 1, seq: 1, content: [{ type: "text", text: "hi" }] },
    { role: "assistant", turn: 1, seq: 2, content: assistant.content },
  ];
  if (calls.length === 0) return messages;
  const results = calls.map((call) => ({
    type: "toolResult" as const,
    toolCallId: call.id,
    content: "ok",
    isError: false,
  }));
  return [...messages, { role: "user", turn: 2, seq: 3, content: results }];
}

/** The transcript in `format`, read back into unified messages as an importer would. */
function roundTrip(view: TranscriptView, format: TranscriptFormat): readonly UnifiedMessage[] {
  const written = buildTranscriptBody(view, format);
  switch (written.format) {
    case "anthropic":
      return anthropicMessagesToUnified(written.body.messages as never);
    case "openai-chat":
      return openAIChatMessagesToUnified(written.body.messages as OpenAIChatMessageParam[]).messages;
    case "openai-responses":
      return openAIResponsesInputToUnified(written.body.input as never).messages;
    case "unified":
      return written.body.messages;
  }
}

/**
 * What the doctor finds where a recorded turn cannot be written back as it is: a turn with no
 * content at all (a refusal with no blocks, a stream that failed before any block) stays an empty
 * assistant message in the unified form, which keeps the log as it is; every provider format
 * leaves it out with a note (lib/protocol/cross-format.ts), as it leaves out what it cannot carry.
 * The one warning left: a custom tool's free-form input sent to Chat as function arguments.
 */
/** `response` is `<recording>#<index of the HTTP response in it>`. */
function expectedRules(response: string, format: TranscriptFormat, turn: UnifiedMessage): string[] {
  if (turn.content.length === 0) return format === "unified" ? ["empty-message"] : [];
  // A custom tool takes free-form text, which is its arguments as it is, not JSON: the doctor flags
  // it (a warning; no provider is known to refuse it) wherever the raw text is kept, and the
  // unified block does not keep that it was a custom call, so both OpenAI formats write it back
  // as a function call. Anthropic's form carries it as an input object.
  if (format !== "anthropic" && response === "openai-responses/openai-custom-tool.1.chunks.txt#0")
    return ["call-unparsed-arguments"];
  if (response === "anthropic/spliced-message-start.chunks.txt#0" && format !== "anthropic")
    return ["call-unparsed-arguments"];
  return [];
}

const cases = Object.keys(manifest).flatMap((name) =>
  readRecordedResponses(name, manifest[name]!).map((bytes, index) => ({ name, index, bytes })),
);

describe("every recorded turn passes the pairing doctor in all four transcript formats", () => {
  it("covers every response of every recording", () => {
    expect(cases.length).toBeGreaterThan(Object.keys(manifest).length);
  });

  it.each(cases)("$name, response $index", ({ name, index, bytes }) => {
    const { events } = decodeSse(new TextDecoder().decode(bytes));
    const turn = assemblePartialTurn(manifest[name]!.wire, events);
    if (!turn) {
      expect(manifest[name]!.sdk).toBeDefined(); // only a failed stream may hold no turn
      return;
    }
    const view: TranscriptView = { system: "", tools: [], messages: buildConversation(turn.unified) };
    for (const format of TRANSCRIPT_FORMATS) {
      const rules = checkTranscript(roundTrip(view, format)).map((problem) => problem.rule);
      expect({ format, rules }).toEqual({
        format,
        rules: expectedRules(`${name}#${index}`, format, turn.unified),
      });
    }
  });
});
